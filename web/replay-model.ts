import type { DialogueTurn, TellObservation } from "../src/wire/env-types";
import type { EpisodeView } from "./api";
import type { PricePoint } from "./chart";

export interface ReplayFrame {
  /** 0 is the seller's opening; round k holds the buyer's move k and the seller's answer. */
  round: number;
  /** Every turn up to and including this round. */
  dialogue: DialogueTurn[];
  /** The latest read on the seller as of this round. */
  tells: TellObservation | null;
}

export interface ReplayModel {
  itemName: string;
  budget: number | null;
  maxRounds: number;
  /** Revealed only for a finished episode: a replay of a live one must not spoil it. */
  hidden: { cost: number; reservation: number } | null;
  frames: ReplayFrame[];
  /** Rounds with a buyer move, i.e. the rounds a counterfactual can start from. */
  branchRounds: number[];
  deal: PricePoint | null;
}

/** Folds the stored event log into one frame per round, for stepping through a finished haggle. */
export function replayModel(view: EpisodeView): ReplayModel {
  const turns: DialogueTurn[] = [];
  const tellsByRound = new Map<number, TellObservation | null>();
  let itemName = "";
  let budget = 0;
  let maxRounds = 1;
  let hidden: ReplayModel["hidden"] = null;
  const branchRounds: number[] = [];
  if (view.events === null) return publicReplay(view);
  for (const e of view.events) {
    if (e.type === "episode_started") {
      itemName = e.spec.item.name;
      budget = e.spec.buyer_budget;
      maxRounds = e.max_rounds;
      hidden = { cost: e.spec.seller_cost, reservation: e.reservation };
      turns.push({ round: 0, speaker: "seller", action: "open", price: e.anchor, message: e.message });
    } else if (e.type === "buyer_acted") {
      branchRounds.push(e.round);
      turns.push({ round: e.round, speaker: "buyer", action: e.action, price: e.price, message: e.message });
    } else {
      tellsByRound.set(e.round, e.tells);
      turns.push({ round: e.round, speaker: "seller", action: e.action, price: e.price, message: e.message });
    }
  }
  return framesOf(view, { itemName, budget, maxRounds, hidden, branchRounds }, turns, tellsByRound);
}

/** While its run is still being played an episode shows only what its buyer saw: no hidden values. */
function publicReplay(view: EpisodeView): ReplayModel {
  const p = view.public;
  const tellsByRound = new Map<number, TellObservation | null>();
  // Tells come with seller answers in order (the opening has none); an accept carries none, so
  // they are placed only when every answer has its own.
  const answers = p.dialogue.filter((t) => t.speaker === "seller" && t.round > 0);
  if (answers.length === p.tells_history.length) {
    for (const [i, t] of answers.entries()) tellsByRound.set(t.round, p.tells_history[i] ?? null);
  }
  const branchRounds = p.dialogue.filter((t) => t.speaker === "buyer").map((t) => t.round);
  const head = {
    itemName: p.item.name,
    budget: p.buyer_budget,
    maxRounds: p.max_rounds,
    hidden: null,
    branchRounds,
  };
  return framesOf(view, head, p.dialogue, tellsByRound);
}

/** One frame per round, 0 to the last: the dialogue up to it and the latest read of the seller. */
export function roundFrames(
  turns: readonly DialogueTurn[],
  tellsByRound: ReadonlyMap<number, TellObservation | null>,
): ReplayFrame[] {
  const last = turns[turns.length - 1]?.round ?? 0;
  const frames: ReplayFrame[] = [];
  let tells: TellObservation | null = null;
  for (let r = 0; r <= last; r++) {
    // A round the seller did not answer (the buyer accepted or left) keeps the last read.
    tells = tellsByRound.get(r) ?? tells;
    frames.push({ round: r, dialogue: turns.filter((t) => t.round <= r), tells });
  }
  return frames;
}

function framesOf(
  view: EpisodeView,
  head: Pick<ReplayModel, "itemName" | "budget" | "maxRounds" | "hidden" | "branchRounds">,
  turns: DialogueTurn[],
  tellsByRound: Map<number, TellObservation | null>,
): ReplayModel {
  const { itemName, budget, maxRounds, hidden, branchRounds } = head;
  const last = turns[turns.length - 1]?.round ?? 0;
  const frames = roundFrames(turns, tellsByRound);
  const record = view.record;
  const deal =
    record?.outcome === "deal" && record.agreed_price !== null
      ? { round: last, price: record.agreed_price }
      : null;
  return { itemName, budget, maxRounds, hidden: record === null ? null : hidden, frames, branchRounds, deal };
}
