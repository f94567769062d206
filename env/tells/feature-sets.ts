import { CONCEPT_WORDS } from "./concept-lexicon";
import { CONCEPT_WORDS_V4 } from "./concept-lexicon-v4";
import { CONCEPT_WORDS_V5 } from "./concept-lexicon-v5";
import { CONCEPT_WORDS_V6 } from "./concept-lexicon-v6";
import { CONCEPT_WORDS_V7 } from "./concept-lexicon-v7";
import { CONCEPT_WORDS_V8 } from "./concept-lexicon-v8";
import { type FeatureExtractor, type FeatureSet, featureExtractor } from "./text-features";
import { latinSkeletonOf, skeletonOf } from "./text-fold";

/**
 * The feature sets a model file can name. A released set is frozen like a model: the model
 * trained on it reads with exactly these features, so a change is a new set.
 * - tells-features/3 (tells-model@3; files of format tells-model/2 name none and mean this):
 *   the v3 lexicon, a Devanagari skeleton without vowel signs, concepts hashed among n-grams,
 *   the condition gate on item-state words.
 * - tells-features/4 (tells-model@4): the v4 lexicon (PRICE split from FIRM, USAGE, FAIL), a
 *   Devanagari word's skeleton in Latin letters, concepts in their own buckets, and the
 *   condition gate also opened by usage and failure verbs.
 * - tells-features/5 (tells-model@5): v4's features over the v5 lexicon (REPAIR and WARRANTY
 *   cut out of WEAR and PAPERS, DEMAND, RARITY, FIND, ARRIVED), with the condition gate also
 *   opened by repair needs and warranty.
 * - tells-features/6 (tells-model@6): v5's features over the v6 lexicon (v5 plus regional
 *   Indian-language words in each concept's list), with 8,192 concept slots instead of 2,048, so
 *   n-grams hash into the buckets above them. Over four fold placements the wider slots alone
 *   were worth +0.005 macro F1 and the regional words +0.004 more (docs/tells.md, "Eighth pass").
 * - tells-features/7 (tells-model@8): v6's features with surface n-grams counting twice as much
 *   (word 0.2, character 0.06, against 0.1 and 0.03). With 101 families in the corpus the
 *   n-grams of one voice carry to others more than they did with 47 (docs/tells.md, "Tenth pass").
 * - tells-features/8 (tells-model@11): v7's features with no condition gate. The gate had
 *   become the largest source of condition misses; without it condition recall rose from 0.82 to
 *   0.87 held out for 0.01 of precision (docs/tells.md, "Thirteenth pass").
 * - tells-features/9 (tells-model@20): v8's features over the v7 lexicon (v6 plus a second,
 *   reviewed list of regional words: Assamese, Odia, Telugu, Kannada, Gujarati, Marathi, Bengali,
 *   Malayalam, Tamil). +0.0015 macro F1 held out over four fold placements, most of it on the
 *   code-mixed voices of those languages (docs/tells.md, "Twenty-second pass").
 * - tells-features/10 (tells-model@21): v9's features, and each clause also reads the clauses on
 *   either side of it: their concepts at half a concept's value (FeatureSet.neighbourConcepts)
 *   and their word skeletons at 0.1 (neighbourWords). +0.0063 macro F1 held out over four fold
 *   placements, the concepts alone +0.0039 (docs/tells.md, "Twenty-third pass").
 * - tells-features/11 (tells-model@22): v10's features over the v8 lexicon (v7 plus SELF and YOU),
 *   and how a clause ends (FeatureSet.clauseEnd). Each about +0.001 alone; with the group heads
 *   of tells-model@22, +0.0054 held out over four fold placements (docs/tells.md, "Twenty-fourth pass").
 */
const ITEM_STATE = ["NEW", "LIKE_NEW", "WEAR", "AGE", "WORKS", "DEAD"];

/** A set with the condition gate (tells-features/3 to /7). */
type GatedFeatureSet = FeatureSet & { conditionLicence: readonly string[] };

export const FEATURES_V3: GatedFeatureSet = {
  id: "tells-features/3",
  lexicon: CONCEPT_WORDS,
  skeleton: skeletonOf,
  conditionLicence: ITEM_STATE,
};

export const FEATURES_V4: GatedFeatureSet = {
  id: "tells-features/4",
  lexicon: CONCEPT_WORDS_V4,
  skeleton: latinSkeletonOf,
  conceptSlots: 2048,
  conditionLicence: [...ITEM_STATE, "USAGE", "FAIL"],
};

export const FEATURES_V5: GatedFeatureSet = {
  id: "tells-features/5",
  lexicon: CONCEPT_WORDS_V5,
  skeleton: latinSkeletonOf,
  conceptSlots: 2048,
  conditionLicence: [...ITEM_STATE, "USAGE", "FAIL", "REPAIR", "WARRANTY"],
};

export const FEATURES_V6: GatedFeatureSet = {
  ...FEATURES_V5,
  id: "tells-features/6",
  lexicon: CONCEPT_WORDS_V6,
  conceptSlots: 8192,
};

export const FEATURES_V7: GatedFeatureSet = {
  ...FEATURES_V6,
  id: "tells-features/7",
  surfaceValues: { word: 0.2, char: 0.06 },
};

const { conditionLicence: _gate, ...ungated } = FEATURES_V7;
export const FEATURES_V8: FeatureSet = { ...ungated, id: "tells-features/8" };

export const FEATURES_V9: FeatureSet = { ...FEATURES_V8, id: "tells-features/9", lexicon: CONCEPT_WORDS_V7 };

export const FEATURES_V10: FeatureSet = {
  ...FEATURES_V9,
  id: "tells-features/10",
  neighbourConcepts: 0.5,
  neighbourWords: 0.1,
};

/**
 * tells-features/11 (tells-model@22): /10 with the pronoun concepts of the v8 lexicon, and how a
 * clause ends: a clause closed by "?" or "!" reads that mark, and the mark with each of its
 * concepts (a rhetorical "kya kamaunga?" is a plea; "reply fast!" presses). Each is worth about
 * +0.001 held out alone; with the group heads of tells-model@22 they carry it past +0.005
 * (docs/tells.md, "Twenty-fourth pass").
 */
export const FEATURES_V11: FeatureSet = {
  ...FEATURES_V10,
  id: "tells-features/11",
  lexicon: CONCEPT_WORDS_V8,
  clauseEnd: 0.3,
};

const SETS: readonly FeatureSet[] = [
  FEATURES_V3,
  FEATURES_V4,
  FEATURES_V5,
  FEATURES_V6,
  FEATURES_V7,
  FEATURES_V8,
  FEATURES_V9,
  FEATURES_V10,
  FEATURES_V11,
];
export const FEATURE_SET_IDS = SETS.map((s) => s.id);

// One extractor per set, built on first use: each holds its own word and concept caches.
const built = new Map<string, FeatureExtractor>();

export function featuresFor(id: string): FeatureExtractor {
  let x = built.get(id);
  if (x === undefined) {
    const set = SETS.find((s) => s.id === id);
    if (set === undefined) throw new Error(`unknown tells feature set ${id}`);
    x = featureExtractor(set);
    built.set(id, x);
  }
  return x;
}
