import type { DialogueTurn, Observation, TellObservation } from "../src/wire/env-types";
import type { MatchStep } from "./api";
import type { PricePoint } from "./chart";

/** One moment of a watched match: after the opening (step null) or after one buyer move. */
export interface WatchFrame {
  step: MatchStep | null;
  episode: number;
  /** The episode's whole conversation so far (observations carry only a window of it). */
  dialogue: DialogueTurn[];
  tells: TellObservation | null;
  budget: number;
  maxRounds: number;
  itemName: string;
  deal: PricePoint | null;
  /** The episode ended with this move. */
  over: boolean;
  outcome: Observation["deal_outcome"];
}

const turnKey = (t: DialogueTurn): string => `${t.round}|${t.speaker}`;

/**
 * Frames from the match's opening and the steps received so far. Each observation carries the
 * last few turns only; merging them by (round, speaker) within an episode rebuilds the whole
 * conversation. Only the buyer's view goes in: the seller's hidden values are added by the
 * page from the replay once the match is over.
 */
export function watchFrames(opening: Observation, steps: readonly MatchStep[]): WatchFrame[] {
  const frames: WatchFrame[] = [];
  let episode = opening.episode_number;
  let turns = new Map<string, DialogueTurn>();
  // The closing move carries no fresh read; the last one of the episode still stands.
  let tells: TellObservation | null = null;
  const add = (obs: Observation, step: MatchStep | null) => {
    const ep = step?.episode ?? obs.episode_number;
    if (ep !== episode) {
      episode = ep;
      turns = new Map();
      tells = null;
    }
    for (const t of obs.dialogue) turns.set(turnKey(t), t);
    const dialogue = [...turns.values()].sort(
      (a, b) => a.round - b.round || (a.speaker === "seller" ? 1 : -1),
    );
    // The opening is the seller's round-0 line, which sorts first by round.
    const over = obs.deal_outcome !== null;
    tells = obs.tells ?? tells;
    frames.push({
      step,
      episode: ep,
      dialogue,
      tells,
      budget: obs.own_private_budget,
      maxRounds: obs.max_rounds,
      itemName: obs.item_name,
      deal:
        obs.deal_outcome === "deal" && obs.agreed_price !== null
          ? { round: obs.current_round, price: obs.agreed_price }
          : null,
      over,
      outcome: obs.deal_outcome,
    });
  };
  add(opening, null);
  for (const s of steps) add(s.observation, s);
  return frames;
}

/** Playback speeds offered: seconds per move. */
export const SPEEDS: ReadonlyArray<{ label: string; ms: number }> = [
  { label: "slow (2 s a move)", ms: 2000 },
  { label: "normal (1 s a move)", ms: 1000 },
  { label: "fast (0.3 s a move)", ms: 300 },
];

/** What the status line says about a frame, including a fallback move and why it happened. */
export function frameNote(f: WatchFrame, buyer: string): string {
  if (f.step === null) return `The seller opens. ${buyer} is thinking…`;
  const fb = f.step.fallback
    ? ` ${buyer}'s reply could not be used${f.step.error ? ` (${f.step.error})` : ""}: the fallback move played.`
    : "";
  const end =
    f.outcome === null
      ? ""
      : f.outcome === "deal"
        ? " Deal."
        : f.outcome === "walk"
          ? " No deal: someone walked away."
          : " No deal: time ran out.";
  return `Move ${f.step.idx + 1}.${fb}${end}`;
}
