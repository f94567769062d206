import type { Family } from "../family";
import { AFTER_V2_LEXICON } from "./after-v2-lexicon";
import { codeMixed, hindiChat, hindiShop } from "./devanagari";
import { EIGHTH_PASS } from "./eighth-pass";
import { ELEVENTH_PASS } from "./eleventh-pass";
import { bazaarEnglish, craigslistUs, ecommerceFormal, olxEnglish } from "./english-market";
import { FIFTEENTH_PASS } from "./fifteenth-pass";
import { FIFTH_PASS } from "./fifth-pass";
import { FOURTEENTH_PASS } from "./fourteenth-pass";
import { FOURTH_PASS } from "./fourth-pass";
import { booksellerEnglish, electronicsMarketHinglish, furnitureChatDevanagari } from "./fresh-voices";
import { HAND_WRITTEN as FIRST_HAND, type HandWritten } from "./hand-written";
import { HAND_WRITTEN_SECOND } from "./hand-written-second";
import { bazaarHinglish, olxHinglish, whatsappShorthand } from "./hinglish";
import { autoDealerHinglish, hindiListing, resellerEnglish } from "./more-voices";
import { NINTH_PASS } from "./ninth-pass";
import { SECOND_PASS_FAMILIES } from "./second-pass";
import { SEVENTH_PASS } from "./seventh-pass";
import { SIXTH_PASS } from "./sixth-pass";
import { TENTH_PASS } from "./tenth-pass";
import { THIRD_PASS_FAMILIES } from "./third-pass";
import { THIRD_PASS_MORE } from "./third-pass-more";
import { THIRTEENTH_PASS } from "./thirteenth-pass";
import { TWELFTH_PASS } from "./twelfth-pass";
import { UNTOUCHED_THIRD } from "./untouched-third";
import { indianEnglishIdioms, llmSellerEnglish, llmSellerHinglish } from "./voices";

export { AFTER_V2_LEXICON_IDS } from "./after-v2-lexicon";
export { EIGHTH_PASS_IDS } from "./eighth-pass";
export { ELEVENTH_PASS_IDS } from "./eleventh-pass";
export { FIFTEENTH_PASS_IDS } from "./fifteenth-pass";
export { FIFTH_PASS_IDS } from "./fifth-pass";
export { FOURTEENTH_PASS_IDS } from "./fourteenth-pass";
export { FOURTH_PASS_IDS } from "./fourth-pass";
export { FRESH_FAMILY_IDS } from "./fresh-voices";
export { NINTH_PASS_IDS } from "./ninth-pass";
export { SEVENTH_PASS_IDS } from "./seventh-pass";
export { SIXTH_PASS_IDS } from "./sixth-pass";
export { TENTH_PASS_IDS } from "./tenth-pass";
export { THIRTEENTH_PASS_IDS } from "./thirteenth-pass";
export { TWELFTH_PASS_IDS } from "./twelfth-pass";
export { UNTOUCHED_V3_IDS } from "./untouched-third";

export const FAMILIES: readonly Family[] = [
  bazaarEnglish,
  olxEnglish,
  craigslistUs,
  ecommerceFormal,
  bazaarHinglish,
  olxHinglish,
  whatsappShorthand,
  hindiShop,
  hindiChat,
  codeMixed,
  indianEnglishIdioms,
  llmSellerEnglish,
  llmSellerHinglish,
  autoDealerHinglish,
  resellerEnglish,
  hindiListing,
  booksellerEnglish,
  electronicsMarketHinglish,
  furnitureChatDevanagari,
  ...SECOND_PASS_FAMILIES,
  ...AFTER_V2_LEXICON,
  ...THIRD_PASS_FAMILIES,
  ...THIRD_PASS_MORE,
];

export const HAND_WRITTEN: readonly HandWritten[] = [
  ...FIRST_HAND,
  ...HAND_WRITTEN_SECOND,
  ...UNTOUCHED_THIRD,
  ...FOURTH_PASS,
  ...FIFTH_PASS,
  ...SIXTH_PASS,
  ...SEVENTH_PASS,
  ...EIGHTH_PASS,
  ...NINTH_PASS,
  ...TENTH_PASS,
  ...ELEVENTH_PASS,
  ...TWELFTH_PASS,
  ...THIRTEENTH_PASS,
  ...FOURTEENTH_PASS,
  ...FIFTEENTH_PASS,
];
