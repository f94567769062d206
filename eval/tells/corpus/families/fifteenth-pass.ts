import { FIFTEENTH_PASS_BANDRA } from "./fifteenth-pass-bandra";
import { FIFTEENTH_PASS_HUBLI } from "./fifteenth-pass-hubli";
import { FIFTEENTH_PASS_JHANSI } from "./fifteenth-pass-jhansi";
import { FIFTEENTH_PASS_KUTCH } from "./fifteenth-pass-kutch";
import { FIFTEENTH_PASS_SIVASAGAR } from "./fifteenth-pass-sivasagar";
import { FIFTEENTH_PASS_SOLAPUR } from "./fifteenth-pass-solapur";
import type { HandWritten } from "./hand-written";

/**
 * Fifteenth corpus pass (issue #12): another speaker for the voices that read worst held out
 * after the fourteenth pass, inside the languages: Marathi and Kannada (no new speaker
 * since the ninth pass), Gujarati wholesale talk, phone-typed Devanagari (Bundeli), Assamese,
 * and sarcasm on Instagram. Written the same way (docs/tells.md, "Fifteenth corpus pass"). Rows
 * come after every earlier row.
 */
export const FIFTEENTH_PASS: readonly HandWritten[] = [
  ...FIFTEENTH_PASS_SOLAPUR,
  ...FIFTEENTH_PASS_HUBLI,
  ...FIFTEENTH_PASS_KUTCH,
  ...FIFTEENTH_PASS_JHANSI,
  ...FIFTEENTH_PASS_SIVASAGAR,
  ...FIFTEENTH_PASS_BANDRA,
];

/** The fifteenth pass's families: the eval reports them, and models released before it are retrained without them. */
export const FIFTEENTH_PASS_IDS: readonly string[] = FIFTEENTH_PASS.map((h) => h.family);
