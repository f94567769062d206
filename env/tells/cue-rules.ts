import type { ConditionLabel } from "./tell-observation";

export type VerbalSignal = "urgency" | "deception" | "confidence" | "sympathy" | "condition";

export const VERBAL_SIGNALS: readonly VerbalSignal[] = [
  "urgency",
  "deception",
  "confidence",
  "sympathy",
  "condition",
];

/**
 * One cue pattern in a compact notation, expanded by `compileRule`:
 * - a plain space means "any run of whitespace";
 * - an apostrophe is optional and may be straight or curly (im / i'm / i’m);
 * - whole-word boundaries are added around the pattern (Unicode-aware, so Devanagari
 *   matras count as part of a word); `(?<!…)` / `(?!…)` in the source carry negation.
 */
export interface CueRuleSpec {
  signal: VerbalSignal;
  score: number;
  pattern: string;
  explanation: string;
  label?: Exclude<ConditionLabel, "unknown">;
}

const NUM = "(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|several|multiple|many)";
const HINDI_NUM = "(?:ek|do|teen|char|chaar|paanch|kai)";
const NOT = "(?:not|isn't|is not|no|never)";

/**
 * Order is irrelevant to the output (spans are sorted) but kept grouped by signal.
 * Scores of the REFERENCE §6.3 cues are kept; added cues follow the same scale.
 */
export const CUE_RULES: readonly CueRuleSpec[] = [
  // ---- urgency: time pressure, closing the window
  { signal: "urgency", score: 0.6, pattern: "kal se", explanation: "price changes from tomorrow" },
  {
    signal: "urgency",
    score: 0.4,
    pattern: "(?<!(?:hai|hain|tha|thi) )abhi(?! (?:nahi|nahin|nai|nhi|tak|bhi|mat)(?![\\p{L}\\p{M}]))",
    explanation:
      "asks for a decision right now ('abhi nahi', 'abhi tak', 'abhi bhi', 'hai abhi' = 'currently' excluded)",
  },
  { signal: "urgency", score: 0.6, pattern: "abhi ke abhi", explanation: "this very moment" },
  {
    signal: "urgency",
    score: 0.6,
    pattern: "(?<!(?:koi|no|not) )(?:jaldi|jaldee)(?! (?:nahi|nahin|nhi|nai)(?![\\p{L}\\p{M}]))",
    explanation: "asks to hurry ('koi jaldi nahi' excluded)",
  },
  {
    signal: "urgency",
    score: 0.7,
    pattern: "today only|only today|sirf aaj",
    explanation: "offer limited to today",
  },
  { signal: "urgency", score: 0.6, pattern: "aaj hi", explanation: "must happen today" },
  {
    signal: "urgency",
    score: 0.5,
    pattern: `(?<!${NOT} (?:(?:the|my|our) )?)(?:final|last|aakhri|akhri|aakhiri) price(?! (?:nahi|nahin|nhi)(?![\\p{L}]))`,
    explanation: "declares the bottom line ('not the final price' excluded)",
  },
  {
    signal: "urgency",
    score: 0.4,
    pattern: "fix(?:ed)? (?:hai|price)",
    explanation: "price is fixed",
  },
  {
    signal: "urgency",
    score: 0.7,
    pattern: "no (?:more )?(?:negotiation|bargaining)",
    explanation: "closes the bargaining",
  },
  {
    signal: "urgency",
    score: 0.5,
    pattern: "time waste|waste (?:of |my )?time",
    explanation: "impatience with the haggling",
  },
  { signal: "urgency", score: 0.4, pattern: "immediately", explanation: "demands instant action" },
  {
    signal: "urgency",
    score: 0.5,
    pattern: "send (?:the |me the )?money",
    explanation: "pushes to transact",
  },
  {
    signal: "urgency",
    score: 0.55,
    pattern: "(?:i'm|i am) (?:making a )?(?:loss|losing)",
    explanation: "loss claim used to hurry the buyer",
  },
  {
    signal: "urgency",
    score: 0.5,
    pattern: "no (?:any )?profit|not making (?:any )?(?:profit|money)|barely breaking even",
    explanation: "zero-margin claim used to hurry the buyer",
  },
  { signal: "urgency", score: 0.4, pattern: "(?<!not )right now", explanation: "wants it done now" },
  { signal: "urgency", score: 0.6, pattern: "asap", explanation: "as soon as possible" },
  {
    signal: "urgency",
    score: 0.6,
    pattern: "(?<!(?:not|no|isn't) )urgent(?:ly)?",
    explanation: "declares urgency ('not urgent' excluded)",
  },
  {
    signal: "urgency",
    score: 0.6,
    pattern: "(?<!not )in a (?:hurry|rush)",
    explanation: "seller says they are rushed",
  },
  {
    signal: "urgency",
    score: 0.5,
    pattern: "(?<!(?:no|in a|any) )hurry(?! nahi)",
    explanation: "tells the buyer to hurry ('no hurry' excluded)",
  },
  {
    signal: "urgency",
    score: 0.5,
    pattern: "quickly|(?:decide|think) (?:fast|soon)",
    explanation: "asks for a quick decision",
  },
  {
    signal: "urgency",
    score: 0.6,
    pattern: "need (?:it|this) gone|(?:have|need) to sell (?:it )?(?:fast|quickly|today)",
    explanation: "needs the sale done soon",
  },
  {
    signal: "urgency",
    score: 0.4,
    pattern: "अभी(?! (?:नहीं|नही|तक|भी)(?![\\p{L}\\p{M}]))",
    explanation: "Hindi 'right now'",
  },
  {
    signal: "urgency",
    score: 0.6,
    pattern: "जल्दी(?! (?:नहीं|नही)(?![\\p{L}\\p{M}]))",
    explanation: "Hindi 'quickly'",
  },
  { signal: "urgency", score: 0.5, pattern: "आखिरी|आख़िरी", explanation: "Hindi 'last' (final price)" },

  // ---- deception: competing-buyer and supply/demand bluffs
  {
    signal: "deception",
    score: 0.8,
    pattern: `${HINDI_NUM} aur (?:log|buyers?|customers?|bande|banda)`,
    explanation: "claims a number of other interested buyers",
  },
  {
    signal: "deception",
    score: 0.8,
    pattern:
      "other (?:people|buyers?|customers?) (?:are )?(?:looking|interested|asking)|others are (?:looking|interested|asking)",
    explanation: "claims competing buyers",
  },
  {
    signal: "deception",
    score: 0.7,
    pattern: "koi aur (?:buyers?|log|banda|customer|party)",
    explanation: "claims someone else wants it",
  },
  {
    signal: "deception",
    score: 0.7,
    pattern: "aur log (?:bhi )?(?:dekh|puch|pooch)",
    explanation: "claims others are also looking",
  },
  {
    signal: "deception",
    score: 0.4,
    pattern: "demand (?:zyada|jyada|high)|high demand|market (?:mein |me )?(?:bahut |bohot )?demand",
    explanation: "claims market demand",
  },
  { signal: "deception", score: 0.3, pattern: "best price", explanation: "self-praise as a soft anchor" },
  {
    signal: "deception",
    score: 0.75,
    pattern: `${NUM} (?:other |more )?(?:offers?|buyers?|people|customers?|interested)`,
    explanation: "claims competing offers",
  },
  {
    signal: "deception",
    score: 0.75,
    pattern: `got (?:${NUM}|other) (?:other )?(?:offers?|buyers?)`,
    explanation: "claims competing offers",
  },
  {
    signal: "deception",
    score: 0.75,
    pattern: `(?<!(?:don't|do not|didn't|not|never|no) )(?:already )?have (?:${NUM}|other|more) (?:other |more )?(?:offers?|buyers?)`,
    explanation: "claims competing offers ('don't have other offers' excluded)",
  },
  {
    signal: "deception",
    score: 0.5,
    pattern: "(?:only )?one left|last piece|last one left|stock khatam|limited stock",
    explanation: "claims scarce supply",
  },
  {
    signal: "deception",
    score: 0.7,
    pattern: "someone else (?:is |also )?(?:interested|wants|asking|coming)|another (?:buyer|customer|party)",
    explanation: "claims another buyer",
  },
  {
    signal: "deception",
    score: 0.5,
    pattern: "(?:lots|a lot|plenty) of interest|(?:kai|bahut|bohot) log",
    explanation: "claims broad interest",
  },
  {
    signal: "deception",
    score: 0.7,
    pattern: "और लोग|कोई और",
    explanation: "Hindi 'other people / someone else'",
  },

  // ---- confidence: firmness, hard limits
  { signal: "confidence", score: 0.6, pattern: "market rate", explanation: "cites an outside price" },
  { signal: "confidence", score: 0.5, pattern: "market mein iski", explanation: "cites its market price" },
  {
    signal: "confidence",
    score: 0.6,
    pattern: "nahi ho(?: payega| sakta)?",
    explanation: "firm refusal ('won't happen')",
  },
  { signal: "confidence", score: 0.4, pattern: "mushkil hai", explanation: "mild firmness ('difficult')" },
  {
    signal: "confidence",
    score: 0.7,
    pattern: "isse (?:upar|kam|neeche) nahi",
    explanation: "hard limit ('not below/above this')",
  },
  {
    signal: "confidence",
    score: 0.6,
    pattern: "(?:no|not) (?:lower|higher)",
    explanation: "commits to a position",
  },
  {
    signal: "confidence",
    score: 0.7,
    pattern: "(?:can't|cannot|can not|won't|will not) go (?:any )?(?:lower|below|down|less)",
    explanation: "refuses to go lower",
  },
  {
    signal: "confidence",
    score: 0.7,
    pattern: "(?:not|non)(?:-|\\s+)negotiable",
    explanation: "declares the price non-negotiable",
  },
  { signal: "confidence", score: 0.8, pattern: "take it or leave it", explanation: "ultimatum" },
  {
    signal: "confidence",
    score: 0.7,
    pattern: `(?<!${NOT} (?:(?:the|my|our) )?)(?:my )?(?:final|last) offer`,
    explanation: "declares a final offer",
  },
  {
    signal: "confidence",
    score: 0.7,
    pattern: "price is firm|firm price|firm on (?:the )?price",
    explanation: "declares the price firm",
  },
  {
    signal: "confidence",
    score: 0.8,
    pattern: "ek paisa (?:bhi )?kam nahi",
    explanation: "'not a paisa less'",
  },
  {
    signal: "confidence",
    score: 0.6,
    pattern: "itna hi lagega|that's the price",
    explanation: "states the price flatly",
  },
  {
    signal: "confidence",
    score: 0.7,
    pattern: "इससे (?:कम|ऊपर) नहीं",
    explanation: "Hindi hard limit",
  },
  { signal: "confidence", score: 0.6, pattern: "नहीं होगा|नहीं हो पाएगा", explanation: "Hindi firm refusal" },

  // ---- sympathy: loss / no-profit claims
  {
    signal: "sympathy",
    score: 0.6,
    pattern: "(?:i'm|i am) (?:making a )?(?:loss|losing)",
    explanation: "claims to be losing money",
  },
  {
    signal: "sympathy",
    score: 0.6,
    pattern: "(?<!(?:i'm|i am) )making a loss|at a loss|loss (?:mein|me|pe|par)|gh(?:a|aa)ta|nuksaa?n",
    explanation: "claims to be selling at a loss",
  },
  {
    signal: "sympathy",
    score: 0.5,
    pattern: "no (?:any )?profit|not making (?:any )?(?:profit|money)|barely breaking even",
    explanation: "claims no margin",
  },
  {
    signal: "sympathy",
    score: 0.45,
    pattern: "cost price|below cost|at cost|zero margin|no margin|margin nahi",
    explanation: "claims to sell at cost",
  },
  { signal: "sympathy", score: 0.6, pattern: "घाटा|नुकसान|नुक़सान", explanation: "Hindi 'loss'" },

  // ---- condition: disclosures about the item, with a grade
  {
    signal: "condition",
    score: 0.95,
    pattern: "box (?:band|pack|seal|sealed)|seal (?:pack|packed)|sealed(?: pack| box)?",
    explanation: "sealed, new in box",
    label: "new",
  },
  {
    signal: "condition",
    score: 0.95,
    pattern: "factory sealed|unused|never (?:used|opened)|kabhi khola nahi",
    explanation: "unused",
    label: "new",
  },
  {
    signal: "condition",
    score: 0.9,
    pattern: "(?:abhi )?box se nikala",
    explanation: "just unboxed",
    label: "new",
  },
  {
    signal: "condition",
    score: 0.85,
    pattern: "(?:bilkul |ekdum )?naya(?! (?:nahi|nahin|nhi)(?![\\p{L}]))",
    explanation: "Hindi '(brand) new'",
    label: "new",
  },
  {
    signal: "condition",
    score: 1,
    pattern:
      "(?<!(?:not|isn't|is it|not brand|like|almost|what's|what is) )(?:brand )?new(?! (?:price|offer|rate|deal|buyer|customer|model|version)(?![\\p{L}]))",
    explanation: "claims the item is new ('not new', 'renewed', 'newspaper' excluded)",
    label: "new",
  },
  { signal: "condition", score: 0.95, pattern: "mint(?: in box)?|mib", explanation: "mint", label: "new" },
  {
    signal: "condition",
    score: 0.85,
    pattern: "like (?:new|mint)|almost new|open box|thoda (?:sa )?use(?:d)?|excellent(?: condition)?",
    explanation: "like new",
    label: "like_new",
  },
  { signal: "condition", score: 0.8, pattern: "barely used", explanation: "lightly used", label: "like_new" },
  {
    signal: "condition",
    score: 0.85,
    pattern: "perfect condition",
    explanation: "perfect-condition claim",
    label: "like_new",
  },
  {
    signal: "condition",
    score: 0.85,
    pattern: "(?:[1-9]|1[01]) months?(?: old| purana)?",
    explanation: "only months old",
    label: "like_new",
  },
  {
    signal: "condition",
    score: 0.7,
    pattern: "very good(?: condition)?|vgc|minor wear|(?<!very )good condition|slightly used",
    explanation: "very good condition",
    label: "very_good",
  },
  {
    signal: "condition",
    score: 0.85,
    pattern: "kabhi giraya nahi|never dropped",
    explanation: "never dropped",
    label: "very_good",
  },
  {
    signal: "condition",
    score: 0.55,
    pattern: "ek (?:chhota )?scratch",
    explanation: "one (small) scratch",
    label: "very_good",
  },
  {
    signal: "condition",
    score: 0.55,
    pattern: "(?<!ek )(?:minor|small|light|halka|chhota) scratch(?:es)?",
    explanation: "minor scratches",
    label: "very_good",
  },
  {
    signal: "condition",
    score: 0.55,
    pattern: "(?<!(?:no|koi|minor|small|light|halka|heavy|deep) )scratch(?:es)?(?! nahi)",
    explanation: "scratches",
    label: "good",
  },
  {
    signal: "condition",
    score: 0.35,
    pattern: "(?:heavy|deep) scratch(?:es)?",
    explanation: "heavy scratches",
    label: "acceptable",
  },
  {
    signal: "condition",
    score: 0.5,
    pattern: "(?<!(?:no|not) )(?:dent(?:s|ed)?|chip(?:s|ped)?)",
    explanation: "dent or chip",
    label: "acceptable",
  },
  {
    signal: "condition",
    score: 0.35,
    pattern: "screen (?:replaced|change(?:d)?)",
    explanation: "screen replaced",
    label: "acceptable",
  },
  {
    signal: "condition",
    score: 0.4,
    pattern: "battery(?: health)? \\d{2,3}(?!\\d)",
    explanation: "battery-health disclosure",
    label: "good",
  },
  {
    signal: "condition",
    score: 0.5,
    pattern:
      "(?:\\d{1,2} ?|(?:ek|do|teen|char|paanch|one|two|three|four|five) )(?:saal|years?|yrs?) (?:purana|old)",
    explanation: "age disclosure",
    label: "good",
  },
  {
    signal: "condition",
    score: 0.75,
    pattern: "original (?:box|charger|warranty|bill)",
    explanation: "original accessories",
    label: "very_good",
  },
  {
    signal: "condition",
    score: 0.7,
    pattern: "(?<!(?:no|out of|without|original) )warranty(?! (?:nahi|khatam|expired|over)(?![\\p{L}]))",
    explanation: "has warranty",
    label: "very_good",
  },
  {
    signal: "condition",
    score: 0.7,
    pattern: "(?<!not in )working condition",
    explanation: "functional, unspecified wear",
    label: "good",
  },
  {
    signal: "condition",
    score: 0.55,
    pattern: "guc|normal wear|works perfectly|fully functional|theek kaam|sahi kaam(?: karta)?",
    explanation: "works, with normal wear",
    label: "good",
  },
  {
    signal: "condition",
    score: 0.35,
    pattern:
      "battery (?:low|thodi kam)|screen crack(?:ed)?|cracked screen|needs repair|rough|worn(?: out)?|(?<!(?:saal|years?|old|\\d) )purana hai",
    explanation: "visible wear or a fault",
    label: "acceptable",
  },
  {
    signal: "condition",
    score: 0.1,
    pattern:
      "(?<!(?:not|isn't|no) )(?:for parts|broken|dead|damaged|junk|kabaad)|not working|kaam nahi karta|kharab(?! nahi)",
    explanation: "broken or not working",
    label: "junk",
  },
  {
    signal: "condition",
    score: 0.85,
    pattern: "(?:बिल्कुल |बिलकुल )?नया(?! नहीं)",
    explanation: "Hindi 'new'",
    label: "new",
  },
  {
    signal: "condition",
    score: 0.1,
    pattern: "(?:खराब|ख़राब|टूटा|टूटी)(?! नहीं)",
    explanation: "Hindi 'broken / faulty'",
    label: "junk",
  },
  // ---- added for common bazaar phrasings the first set missed (found reading the released
  // sellers' own lines; the labelled test split was not consulted when writing these)
  {
    signal: "urgency",
    score: 0.6,
    pattern: "decide (?:now|right now|quickly|today)|quick,? quick",
    explanation: "demands an immediate decision",
  },
  {
    signal: "urgency",
    score: 0.5,
    pattern: "(?:don't|do not) have all day|no time for this|(?:don't|do not) waste my time",
    explanation: "impatience: the seller says its time is running out",
  },
  {
    signal: "urgency",
    score: 0.5,
    pattern: "(?:closing|shutting) (?:the (?:stall|shop) )?(?:soon|shortly)|shutting the (?:stall|shop)",
    explanation: "the stall is about to close",
  },
  {
    signal: "deception",
    score: 0.75,
    pattern: "(?:people|others|customers|buyers) (?:have )?(?:already )?offered (?:me )?more",
    explanation: "claims higher offers from others",
  },
  {
    signal: "deception",
    score: 0.5,
    pattern: "(?<!not )selling (?:fast|quickly|like hot cakes)",
    explanation: "claimed demand",
  },
  {
    signal: "deception",
    score: 0.7,
    pattern:
      "(?:better|other|serious) buyers (?:are )?(?:lined up|waiting)|someone else (?:will|would|is going to) (?:pay|buy|take)",
    explanation: "claims other buyers are ready",
  },
  {
    signal: "deception",
    score: 0.7,
    pattern: "(?:someone|a customer|another customer|a buyer) was (?:asking|about to take|looking)",
    explanation: "claims someone else was just interested",
  },
  {
    signal: "deception",
    score: 0.5,
    pattern: "last (?:one|piece) (?:left|in stock|i have)|the last one i have",
    explanation: "claimed scarcity",
  },
  {
    signal: "deception",
    score: 0.45,
    pattern: "(?:far|much) more in the (?:city )?market|supplier (?:himself )?(?:charges|asks)",
    explanation: "an outside price or cost claim the buyer cannot check",
  },
  {
    signal: "confidence",
    score: 0.6,
    pattern:
      "not a (?:paisa|rupee) less|(?:can't|cannot) (?:go|come) (?:any )?lower|(?:can't|cannot) stretch",
    explanation: "commits to a floor",
  },
  {
    signal: "sympathy",
    score: 0.55,
    pattern: "losing money|(?:you're|you are) (?:hurting|killing) me",
    explanation: "appeals to the buyer's sympathy over the price",
  },
  {
    signal: "sympathy",
    score: 0.45,
    pattern: "(?:sales|money) (?:this week )?for (?:the )?rent|cover my costs",
    explanation: "a hardship appeal",
  },
];

const WORD_CHAR = "[\\p{L}\\p{M}\\p{N}_]";

/** Expand the compact notation into one sticky-free global regex (compiled once, at module load). */
export function compileRule(spec: CueRuleSpec): RegExp {
  const body = spec.pattern.replace(/'/g, "['’]?").replace(/ /g, "\\s+");
  return new RegExp(`(?<!${WORD_CHAR})(?:${body})(?!${WORD_CHAR})`, "giu");
}
