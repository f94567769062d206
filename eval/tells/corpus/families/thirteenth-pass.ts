import type { HandWritten } from "./hand-written";
import { THIRTEENTH_PASS_BOHOL } from "./thirteenth-pass-bohol";
import { THIRTEENTH_PASS_FABLE_MERCHANT } from "./thirteenth-pass-fable-merchant";
import { THIRTEENTH_PASS_KARIMNAGAR } from "./thirteenth-pass-karimnagar";
import { THIRTEENTH_PASS_MARWAR_PHONE } from "./thirteenth-pass-marwar-phone";
import { THIRTEENTH_PASS_SARCASTIC_AUNTY } from "./thirteenth-pass-sarcastic-aunty";
import { THIRTEENTH_PASS_SURAT } from "./thirteenth-pass-surat";

/**
 * Thirteenth corpus pass (issue #12): another speaker for the voices that still read worst held
 * out after the twelfth pass: Gujarati wholesale talk, Bisaya, Telugu, sarcasm (now in
 * Hinglish), an LLM storyteller and phone-typed Devanagari. Written the same way
 * (docs/tells.md, "Thirteenth corpus pass"). Rows come after every earlier row.
 */
export const THIRTEENTH_PASS: readonly HandWritten[] = [
  ...THIRTEENTH_PASS_SURAT,
  ...THIRTEENTH_PASS_BOHOL,
  ...THIRTEENTH_PASS_SARCASTIC_AUNTY,
  ...THIRTEENTH_PASS_KARIMNAGAR,
  ...THIRTEENTH_PASS_FABLE_MERCHANT,
  ...THIRTEENTH_PASS_MARWAR_PHONE,
];

/** The thirteenth pass's families: the eval reports them, and models released before it are retrained without them. */
export const THIRTEENTH_PASS_IDS: readonly string[] = THIRTEENTH_PASS.map((h) => h.family);
