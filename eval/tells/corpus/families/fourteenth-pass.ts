import { FOURTEENTH_PASS_BHAVNAGAR } from "./fourteenth-pass-bhavnagar";
import { FOURTEENTH_PASS_COLONEL } from "./fourteenth-pass-colonel";
import { FOURTEENTH_PASS_HARYANVI } from "./fourteenth-pass-haryanvi";
import { FOURTEENTH_PASS_INDORE } from "./fourteenth-pass-indore";
import { FOURTEENTH_PASS_NAGAON } from "./fourteenth-pass-nagaon";
import { FOURTEENTH_PASS_NELLORE } from "./fourteenth-pass-nellore";
import type { HandWritten } from "./hand-written";

/**
 * Fourteenth corpus pass (issue #12): another speaker for the voices that still read worst held
 * out after the thirteenth pass, kept inside the languages: phone-typed Devanagari
 * (Haryanvi), Assamese, Telugu and Gujarati English, Malwi Hinglish DMs, and sarcasm in formal
 * Indian English. Written the same way (docs/tells.md, "Fourteenth corpus pass"). Rows come
 * after every earlier row.
 */
export const FOURTEENTH_PASS: readonly HandWritten[] = [
  ...FOURTEENTH_PASS_HARYANVI,
  ...FOURTEENTH_PASS_NAGAON,
  ...FOURTEENTH_PASS_NELLORE,
  ...FOURTEENTH_PASS_BHAVNAGAR,
  ...FOURTEENTH_PASS_INDORE,
  ...FOURTEENTH_PASS_COLONEL,
];

/** The fourteenth pass's families: the eval reports them, and models released before it are retrained without them. */
export const FOURTEENTH_PASS_IDS: readonly string[] = FOURTEENTH_PASS.map((h) => h.family);
