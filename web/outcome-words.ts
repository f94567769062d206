import type { DealOutcome } from "../src/wire/env-types";

/**
 * How the pages name an episode's ending, in one place: a new outcome (sold_out came with
 * marketplace_arena@4) must not fall through to another's words ("ran out of time").
 */
export const OUTCOME_WORDS: Readonly<Record<DealOutcome, string>> = {
  deal: "deal",
  walk: "walked away",
  expired: "ran out of time",
  sold_out: "sold out to another buyer",
};

/** The words for an outcome the server sent, or the raw value (escaped by the caller) if unknown. */
export const outcomeWords = (outcome: string): string =>
  (OUTCOME_WORDS as Readonly<Record<string, string>>)[outcome] ?? outcome;
