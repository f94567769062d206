import { EIGHTH_PASS_IDS } from "./eighth-pass";
import { ELEVENTH_PASS_IDS } from "./eleventh-pass";
import { FIFTEENTH_PASS_IDS } from "./fifteenth-pass";
import { FOURTEENTH_PASS_IDS } from "./fourteenth-pass";
import { NINTH_PASS_IDS } from "./ninth-pass";
import { SEVENTH_PASS_IDS } from "./seventh-pass";
import { SIXTH_PASS_IDS } from "./sixth-pass";
import { TENTH_PASS_IDS } from "./tenth-pass";
import { THIRTEENTH_PASS_IDS } from "./thirteenth-pass";
import { TWELFTH_PASS_IDS } from "./twelfth-pass";

/**
 * The corpus passes from the sixth on, in the order they landed. The eval reports each pass and
 * the families before it; a released model is retrained without the passes after it. A new
 * pass is added here once.
 */
export const LATER_PASSES = [
  ["sixth", SIXTH_PASS_IDS],
  ["seventh", SEVENTH_PASS_IDS],
  ["eighth", EIGHTH_PASS_IDS],
  ["ninth", NINTH_PASS_IDS],
  ["tenth", TENTH_PASS_IDS],
  ["eleventh", ELEVENTH_PASS_IDS],
  ["twelfth", TWELFTH_PASS_IDS],
  ["thirteenth", THIRTEENTH_PASS_IDS],
  ["fourteenth", FOURTEENTH_PASS_IDS],
  ["fifteenth", FIFTEENTH_PASS_IDS],
] as const;

export type LaterPass = (typeof LATER_PASSES)[number][0];

/** The families of a pass and of every pass after it. */
export function familiesFromPass(name: LaterPass): string[] {
  return LATER_PASSES.slice(LATER_PASSES.findIndex(([n]) => n === name)).flatMap(([, ids]) => ids);
}
