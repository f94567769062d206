import { FOURTH_PASS_CHAT } from "./fourth-pass-chat";
import { FOURTH_PASS_EAST_SOUTH } from "./fourth-pass-east-south";
import { FOURTH_PASS_ENGLISH } from "./fourth-pass-english";
import { FOURTH_PASS_MORE } from "./fourth-pass-more";
import { FOURTH_PASS_PEOPLE } from "./fourth-pass-people";
import { FOURTH_PASS_STREET } from "./fourth-pass-street";
import type { HandWritten } from "./hand-written";

/**
 * Fourth corpus pass (issue #12): eighteen voices the corpus lacked, every line written by
 * hand as a whole message (no templates, so no family has a skeleton a model could memorise)
 * and labelled by the rules in docs/tells.md before any model read them. They come after
 * every earlier row, so the rows before them keep their ids and order.
 */
export const FOURTH_PASS: readonly HandWritten[] = [
  ...FOURTH_PASS_EAST_SOUTH,
  ...FOURTH_PASS_STREET,
  ...FOURTH_PASS_ENGLISH,
  ...FOURTH_PASS_CHAT,
  ...FOURTH_PASS_PEOPLE,
  ...FOURTH_PASS_MORE,
];

/** The fourth pass's families: the eval reports them on their own. */
export const FOURTH_PASS_IDS: readonly string[] = FOURTH_PASS.map((h) => h.family);
