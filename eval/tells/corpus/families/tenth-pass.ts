import type { HandWritten } from "./hand-written";
import { TENTH_PASS_B2B_WHATSAPP } from "./tenth-pass-b2b-whatsapp";
import { TENTH_PASS_DAVAO } from "./tenth-pass-davao";
import { TENTH_PASS_ESTATE_SALE } from "./tenth-pass-estate-sale";
import { TENTH_PASS_KOZHIKODE } from "./tenth-pass-kozhikode";
import { TENTH_PASS_SAMBALPUR } from "./tenth-pass-sambalpur";
import { TENTH_PASS_SYLHET } from "./tenth-pass-sylhet";

/**
 * Tenth corpus pass (issue #12): a third speaker for the regional languages that still read
 * worst held out after the ninth pass (Odia, Malayalam, Bengali), a Bisaya voice beside the two
 * Tagalog-English ones, and a second voice for the formal Englishes that read worst (B2B trade,
 * the auction room). Written the same way as the ninth pass (docs/tells.md, "Tenth corpus
 * pass"). Rows come after every earlier row.
 */
export const TENTH_PASS: readonly HandWritten[] = [
  ...TENTH_PASS_SAMBALPUR,
  ...TENTH_PASS_KOZHIKODE,
  ...TENTH_PASS_SYLHET,
  ...TENTH_PASS_DAVAO,
  ...TENTH_PASS_B2B_WHATSAPP,
  ...TENTH_PASS_ESTATE_SALE,
];

/** The tenth pass's families: the eval reports them, and models released before it are retrained without them. */
export const TENTH_PASS_IDS: readonly string[] = TENTH_PASS.map((h) => h.family);
