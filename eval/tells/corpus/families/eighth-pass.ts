import { EIGHTH_PASS_LLM } from "./eighth-pass-llm";
import { EIGHTH_PASS_SOUTH_EAST } from "./eighth-pass-south-east";
import { EIGHTH_PASS_WEST } from "./eighth-pass-west";
import { EIGHTH_PASS_WORLD } from "./eighth-pass-world";
import type { HandWritten } from "./hand-written";

/**
 * Eighth corpus pass (issue #12): a second speaker for the languages the seventh pass met once
 * and read worst held out (Malayalam, Assamese, Odia, Telugu; Kannada, Marathi; Urdu-courtesy
 * Lucknow and Bhojpuri Hindi), four more LLM seller personas, and four more Englishes (Irish,
 * Filipino, Canadian, London). Written the same way as the sixth and seventh passes. The sixth
 * pass showed a second voice of a language lifts the first one held out. Rows come after every
 * earlier row.
 */
export const EIGHTH_PASS: readonly HandWritten[] = [
  ...EIGHTH_PASS_SOUTH_EAST,
  ...EIGHTH_PASS_WEST,
  ...EIGHTH_PASS_WORLD,
  ...EIGHTH_PASS_LLM,
];

/** The eighth pass's families: the eval reports them, and models released before it are retrained without them. */
export const EIGHTH_PASS_IDS: readonly string[] = EIGHTH_PASS.map((h) => h.family);
