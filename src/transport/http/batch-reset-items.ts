import type { BatchResetRequest } from "../../wire/batch";
import type { ResetRequest } from "../../wire/reset";
import { HttpError } from "./http-errors";

function mismatch(loc: string, msg: string, input: unknown): HttpError {
  const detail = [{ type: "value_error", loc: ["body", loc], msg, input }];
  return new HttpError("VALIDATION_ERROR", `Invalid request: body.${loc}: ${msg}`, detail, detail);
}

/** Expand a batch reset into one reset request per item, with Gymnasium's vector seed semantics. */
export function batchResetItems(body: BatchResetRequest): ResetRequest[] {
  const { count, seeds: seedsField, seed: seedField, session_ids, ...shared } = body;
  if (seedsField !== undefined && seedField !== undefined) {
    throw mismatch("seed", "Give seeds or seed, not both.", seedField);
  }
  const seeds = seedsField ?? seedField;
  const seedKey = seedsField !== undefined ? "seeds" : "seed";
  let n = count ?? session_ids?.length ?? (Array.isArray(seeds) ? seeds.length : 1);
  if (session_ids !== undefined && n !== session_ids.length) {
    throw mismatch("count", `count is ${n} but session_ids has ${session_ids.length} entries.`, count);
  }
  if (Array.isArray(seeds) && seeds.length !== n) {
    throw mismatch(
      seedKey,
      `A seed list must have exactly count (${n}) entries; it has ${seeds.length}.`,
      seeds,
    );
  }
  n = Math.max(1, n);
  const items: ResetRequest[] = [];
  for (let i = 0; i < n; i++) {
    const seed = Array.isArray(seeds) ? (seeds[i] ?? undefined) : seeds === undefined ? undefined : seeds + i;
    const item: ResetRequest = { ...shared };
    if (seed !== undefined) item.seed = seed;
    if (session_ids !== undefined) item.session_id = session_ids[i];
    items.push(item);
  }
  return items;
}
