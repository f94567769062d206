import { regionalWords } from "./concept-lexicon-regional";
import { CONCEPT_WORDS_V5 } from "./concept-lexicon-v5";

/**
 * The concept lexicon of feature set tells-features/6 (tells-model@6): the frozen v5 lexicon
 * with the regional words (concept-lexicon-regional.ts: Roman Tamil, Telugu, Kannada,
 * Malayalam, Marathi and Devanagari Marathi, Bengali, Gujarati, Punjabi) appended to each
 * concept's list, so a cue word of those voices reaches the concept its Hindi or English twin
 * does. v5's concepts keep their names and order (the condition gate's bits included).
 * Also tried as concepts of their own (R_NOW …, beside the merged lists): no better over four
 * fold placements (docs/tells.md, "Eighth pass"), so they are not.
 */
export const CONCEPT_WORDS_V6: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CONCEPT_WORDS_V5).map(([name, words]) => {
    const regional = regionalWords(name);
    return [name, regional === "" ? words : `${words} ${regional}`];
  }),
);
