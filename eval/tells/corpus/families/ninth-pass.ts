import type { HandWritten } from "./hand-written";
import { NINTH_PASS_CEBU } from "./ninth-pass-cebu";
import { NINTH_PASS_DEADPAN } from "./ninth-pass-deadpan";
import { NINTH_PASS_PURVANCHAL } from "./ninth-pass-purvanchal";
import { NINTH_PASS_STORYTELLER } from "./ninth-pass-storyteller";
import { NINTH_PASS_TEZPUR } from "./ninth-pass-tezpur";
import { NINTH_PASS_VILLAGE_PHONE } from "./ninth-pass-village-phone";

/**
 * Ninth corpus pass (issue #12): a second speaker for the single voices that read worst held
 * out after the eighth pass (Tagalog-English, sarcasm, the storytelling LLM merchant, phone-typed
 * Devanagari, Bhojpuri) and a third for Assamese. Six writers, one voice each, each reading only
 * the notation, a few lines of one other voice and the labelling rules (docs/tells.md, "Ninth
 * corpus pass"). Rows come after every earlier row.
 */
export const NINTH_PASS: readonly HandWritten[] = [
  ...NINTH_PASS_CEBU,
  ...NINTH_PASS_DEADPAN,
  ...NINTH_PASS_STORYTELLER,
  ...NINTH_PASS_VILLAGE_PHONE,
  ...NINTH_PASS_PURVANCHAL,
  ...NINTH_PASS_TEZPUR,
];

/** The ninth pass's families: the eval reports them, and models released before it are retrained without them. */
export const NINTH_PASS_IDS: readonly string[] = NINTH_PASS.map((h) => h.family);
