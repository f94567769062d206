import type { TellObservation } from "../src/wire/env-types";
import type { SellerEpisodeView } from "./api";
import { type ReplayModel, roundFrames } from "./replay-model";

/** A seller-role replay: the same frames, drawn from the seller's chair, plus what the seller knew. */
export interface SellerReplayModel extends ReplayModel {
  /** The buyer's budget, revealed once the sale is over (null before: the seller never saw it). */
  budget: number | null;
  /** The seller's own numbers: its brief, no secret from its own chair. */
  hidden: { cost: number; reservation: number };
}

/**
 * Folds a seller-role episode view into one frame per round. The conversation is the seller's
 * whole view (`dialogue`), so a live sale replays as far as it has gone; the read of the
 * seller's words (tells) and the buyer's budget come from the event log, present only once over.
 */
export function sellerReplayModel(view: SellerEpisodeView): SellerReplayModel {
  const turns = view.dialogue;
  const tellsByRound = new Map<number, TellObservation | null>();
  let budget: number | null = null;
  for (const e of view.events ?? []) {
    if (e.type === "episode_started") budget = e.spec.buyer_budget;
    else if (e.type === "seller_replied") tellsByRound.set(e.round, e.tells);
  }
  const last = turns[turns.length - 1]?.round ?? 0;
  const frames = roundFrames(turns, tellsByRound);
  const brief = view.seller_view.brief;
  const record = view.seller_result;
  return {
    itemName: brief.item_name,
    budget,
    maxRounds: view.seller_view.max_rounds,
    hidden: { cost: brief.cost, reservation: brief.reservation },
    frames,
    // A branch starts at one of the seller's own replies (never the opening).
    branchRounds: turns.filter((t) => t.speaker === "seller" && t.round > 0).map((t) => t.round),
    deal:
      record?.outcome === "deal" && record.agreed_price !== null
        ? { round: last, price: record.agreed_price }
        : null,
  };
}
