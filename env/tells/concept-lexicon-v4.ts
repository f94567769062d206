import { CONCEPT_WORDS } from "./concept-lexicon";

/**
 * The concept lexicon of feature set tells-features/4 (tells-model@4): the frozen v3 lexicon
 * (concept-lexicon.ts, which tells-model@3 still reads) with five changes, each about how a
 * word list is cut, not about any one phrasing:
 * - PRICE: the words that only name a price ("rate", "daam", "MRP", "worth") leave FIRM. In
 *   v3 they diluted FIRM, so "final" or "fnl" alone rarely cleared the confidence threshold.
 * - USAGE: how much the item was used ("ek baar pehni", "worn twice", "tried on"); a condition
 *   clause often has no item-state noun, only a usage verb.
 * - FAIL: what a faulty item does ("band ho jaata hai", "restarts", "line aa rahi hai").
 * - TIME: times of day, weekdays and festivals leave DEADLINE, which keeps the words of a
 *   limit ("till", "tak", "expires", "before"): "shaam 6 baje ke baad call karo" is
 *   logistics; "kal tak" is still TIME>DEADLINE as a pair feature.
 * - CONSEQUENCE: urgency said by what happens otherwise ("warna", "otherwise", "pachtaoge").
 * USAGE and FAIL also open the condition gate (feature-sets.ts). New concepts come after v3's,
 * so every v3 concept keeps its index, and the gate's concepts come before the 32nd (the
 * clause mask is 32 bits).
 */
const PRICE_WORDS =
  "mrp rate daam dam bhav worth value quality priced lagega lagegi दाम रेट लगेगा set printed msrp bhaav भाव setting revised revise मूल्य कीमत keemat kimat";

const priceOnly = new Set(PRICE_WORDS.split(" "));
const TIME_WORDS =
  "minutes minute mins hour hours hr hrs ghanta ghante shaam sham evening tonight tomorrow 2mrw tmrw kal parso subah morning afternoon noon midnight weekend week hafte hafta शाम कल सुबह रात मिनट घंटे घंटा हफ्ते हफ़्ते raat din दिन monday tuesday wednesday thursday friday saturday sunday somvar mangalvar budhvar guruvar shukravar shanivar ravivar सोमवार मंगलवार बुधवार गुरुवार शुक्रवार शनिवार रविवार parson परसों lunch dinner baje बजे sunset season tonight's diwali holi eid christmas newyear सप्ताह सप्ताहांत दोपहर dopahar";
const timeOnly = new Set(TIME_WORDS.split(" "));

export const CONCEPT_WORDS_V4: Readonly<Record<string, string>> = {
  ...CONCEPT_WORDS,
  FIRM: (CONCEPT_WORDS.FIRM as string)
    .split(" ")
    .filter((w) => !priceOnly.has(w))
    .join(" "),
  DEADLINE: (CONCEPT_WORDS.DEADLINE as string)
    .split(" ")
    .filter((w) => !timeOnly.has(w))
    .join(" "),
  PRICE: PRICE_WORDS,
  USAGE:
    "pehna pehni pehne pahna pahni pahne pehen pehenke worn wore wearing tried trial washed wash dhula dhuli dhoya use used using uses upyog istemal chalayi chalaya chalai bajaya पहना पहनी पहने धुला धोया ट्राई उपयोग इस्तेमाल चलाया चलाई",
  FAIL: "band बंद restart restarts restarting shuts shutdown dies died stops stopped atak atakta atakti atka अटकता अटकती अटक rukta rukti रुकता रुकती heating garam गरम overheats drains dim slows skip skips skipping freezes freeze frozen lines line लाइन falling fall falls गिरता गिरती jhatka spark sparks",
  TIME: TIME_WORDS,
  CONSEQUENCE:
    "warna varna varnaa otherwise else वरना regret regrets pachtaoge pachtaogi pachtana पछताओगे पछताओगी पछताना miss",
};
