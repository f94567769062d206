import type { HandWritten } from "./hand-written";
import { SEVENTH_PASS_EAST_SOUTH } from "./seventh-pass-east-south";
import { SEVENTH_PASS_ENGLISH } from "./seventh-pass-english";
import { SEVENTH_PASS_INDIAN } from "./seventh-pass-indian";
import { SEVENTH_PASS_LLM } from "./seventh-pass-llm";

/**
 * Seventh corpus pass (issue #12): sixteen more voices, written the same way as the sixth
 * pass's (four writers, each reading only the format and the labelling rules): English from
 * Singapore, Pakistan, South Africa and the rural US South; Marathi-, Kannada-, Malayalam-,
 * Telugu-, Odia- and Assamese-mixed sellers and a Rajasthani one; Devanagari typed with phone
 * typos; and four LLM seller personas, since many sellers in this environment are LLMs. The
 * sixth pass showed that a second voice of a kind lifts the first one held out, so this pass
 * widens the kinds rather than deepening one. Rows come after every earlier row.
 */
export const SEVENTH_PASS: readonly HandWritten[] = [
  ...SEVENTH_PASS_ENGLISH,
  ...SEVENTH_PASS_INDIAN,
  ...SEVENTH_PASS_EAST_SOUTH,
  ...SEVENTH_PASS_LLM,
];

/** The seventh pass's families: the eval reports them, and models released before it are retrained without them. */
export const SEVENTH_PASS_IDS: readonly string[] = SEVENTH_PASS.map((h) => h.family);
