import { conceptIndex } from "./concept-index";
import { CONCEPT_WORDS_V6 } from "./concept-lexicon-v6";
import { EXTRA_AS, EXTRA_OR } from "./regional-words/assamese-odia";
import { EXTRA_BN, EXTRA_ML, EXTRA_TA } from "./regional-words/bengali-malayalam-tamil";
import { EXTRA_GU, EXTRA_MR } from "./regional-words/gujarati-marathi";
import { EXTRA_KN, EXTRA_TE } from "./regional-words/telugu-kannada";
import { foldToken, latinSkeletonOf } from "./text-fold";

/** The second regional lists, in the order their words are appended. */
export const REGIONAL_WORDS_2: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  as: EXTRA_AS,
  or: EXTRA_OR,
  te: EXTRA_TE,
  kn: EXTRA_KN,
  gu: EXTRA_GU,
  mr: EXTRA_MR,
  bn: EXTRA_BN,
  ml: EXTRA_ML,
  ta: EXTRA_TA,
};

const v6 = conceptIndex(CONCEPT_WORDS_V6, foldToken, latinSkeletonOf);

/** Whether v6 already reads the word as some concept other than `name` (it folds onto another word). */
function reachesAnother(word: string, name: string): boolean {
  const folded = foldToken(word);
  return v6.conceptsOf(folded, latinSkeletonOf(folded)).some((c) => v6.names[c] !== name);
}

/**
 * The concept lexicon of feature set tells-features/9 (tells-model@20): the frozen v6 lexicon
 * with a second list of regional words (regional-words/: Roman Assamese, Odia, Telugu, Kannada,
 * Gujarati, Marathi, Bengali, Malayalam and Tamil) appended to each concept's list. The lists
 * were written per concept from general knowledge of the languages by helpers who read no
 * corpus row, then reviewed word by word for collisions with English, Hindi, Filipino and the
 * other languages' words under the fold (each file says what it dropped and why). A word v6
 * already reads as another concept is left out here ("mahine", months, is v6's like-new "mahine
 * purana"); a word already in the concept's list is not repeated. v6's concepts keep their names
 * and order.
 */
export const CONCEPT_WORDS_V7: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CONCEPT_WORDS_V6).map(([name, words]) => {
    const have = new Set(words.split(" "));
    const extra: string[] = [];
    for (const lang of Object.values(REGIONAL_WORDS_2))
      for (const w of (lang[name] ?? "").split(" ")) {
        if (w === "" || have.has(w) || reachesAnother(w, name)) continue;
        have.add(w);
        extra.push(w);
      }
    return [name, extra.length === 0 ? words : `${words} ${extra.join(" ")}`];
  }),
);
