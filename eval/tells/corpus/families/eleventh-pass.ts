import { ELEVENTH_PASS_AMRITSAR } from "./eleventh-pass-amritsar";
import { ELEVENTH_PASS_BIHAR_PHONE } from "./eleventh-pass-bihar-phone";
import { ELEVENTH_PASS_CAGAYAN } from "./eleventh-pass-cagayan";
import { ELEVENTH_PASS_GUNTUR } from "./eleventh-pass-guntur";
import { ELEVENTH_PASS_KOLHAPUR } from "./eleventh-pass-kolhapur";
import { ELEVENTH_PASS_RAJKOT } from "./eleventh-pass-rajkot";
import type { HandWritten } from "./hand-written";

/**
 * Eleventh corpus pass (issue #12): another speaker for the languages whose voices still read
 * worst held out after the tenth pass (Gujarati, Marathi, Telugu and Punjabi in Roman letters,
 * Bisaya) and a second phone-typed Devanagari voice. Written the same way as the tenth pass
 * (docs/tells.md, "Eleventh corpus pass"). Rows come after every earlier row.
 */
export const ELEVENTH_PASS: readonly HandWritten[] = [
  ...ELEVENTH_PASS_RAJKOT,
  ...ELEVENTH_PASS_KOLHAPUR,
  ...ELEVENTH_PASS_GUNTUR,
  ...ELEVENTH_PASS_AMRITSAR,
  ...ELEVENTH_PASS_CAGAYAN,
  ...ELEVENTH_PASS_BIHAR_PHONE,
];

/** The eleventh pass's families: the eval reports them, and models released before it are retrained without them. */
export const ELEVENTH_PASS_IDS: readonly string[] = ELEVENTH_PASS.map((h) => h.family);
