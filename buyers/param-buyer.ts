import { clamp, round2 } from "../env/money";
import type { Observation } from "../env/observation";
import { guardOffer, type MoveProposal, spokenAct } from "./buyer-move";
import { type BuyerPolicy, currentAsk } from "./buyer-policy";

/**
 * A six-number buyer policy: the one the example learner (examples/train) tunes and the
 * oracle searches over with the true floor. It estimates the seller's floor, creeps up towards
 * it, and makes its real offer on the last round.
 */
export interface ParamBuyerParams {
  /** First offer, as a share of the opening ask. */
  open: number;
  /** Share of the remaining gap to the ask conceded each round. */
  step: number;
  /** Prior belief of the seller's headroom above its floor, as a share of its quote. */
  headroom: number;
  /** Weight on the tells' headroom reading (fidget) against the prior; 0 ignores tells. */
  tellWeight: number;
  /** Last-round offer = floor estimate + this share of the gap from it to the ask. */
  finalShare: number;
  /** Shifts that share down when the seller looks urgent (v2 urgency follows its stock pressure). */
  urgencyWeight: number;
  /** Accept any ask within this share above the floor estimate. */
  acceptMarkup: number;
}

export const PARAM_KEYS: readonly (keyof ParamBuyerParams)[] = [
  "open",
  "step",
  "headroom",
  "tellWeight",
  "finalShare",
  "urgencyWeight",
  "acceptMarkup",
];

/** Where each parameter may go; the learner samples inside these bounds. */
export const PARAM_BOUNDS: Readonly<Record<keyof ParamBuyerParams, readonly [number, number]>> = {
  open: [0.05, 0.95],
  step: [0, 0.8],
  headroom: [0, 0.7],
  tellWeight: [0, 1],
  finalShare: [0, 1],
  urgencyWeight: [-1.5, 1.5],
  acceptMarkup: [0, 0.6],
};

/** A plain, untuned start: open at half, move a fifth of the gap, assume 30 % headroom, meet halfway at the end. */
export const DEFAULT_PARAMS: ParamBuyerParams = {
  open: 0.5,
  step: 0.2,
  headroom: 0.3,
  tellWeight: 0,
  finalShare: 0.5,
  urgencyWeight: 0,
  acceptMarkup: 0.05,
};

/**
 * A hand-set reader of v2 tells: opens low, trusts body language over its prior for the floor
 * and the seller's urgency for how far to go on the last round. The "tells matter" bar plays it
 * with tells on and off (off, it falls back on its 35 % headroom prior and a neutral urgency).
 */
export const TELLS_READER_PARAMS: ParamBuyerParams = {
  open: 0.3,
  step: 0.25,
  headroom: 0.35,
  tellWeight: 1,
  finalShare: 0.5,
  urgencyWeight: 0.6,
  acceptMarkup: 0.05,
};

export function paramsFromVector(v: readonly number[]): ParamBuyerParams {
  const out = {} as ParamBuyerParams;
  PARAM_KEYS.forEach((k, i) => {
    const [lo, hi] = PARAM_BOUNDS[k];
    out[k] = clamp(v[i] ?? lo, lo, hi);
  });
  return out;
}

/** Headroom read from body language: v2 fidget is 0.9 − 1.4 × headroom plus noise (env/tells/typed-tells.ts). */
export function tellHeadroom(obs: Observation): number | null {
  const t = obs.tells;
  return t === null ? null : clamp((0.9 - t.fidget_level) / 1.4, 0, 0.7);
}

/** The smallest raise worth making: just above what the v2 seller counts as stalling (1 % of its ask). */
export const MIN_RAISE_SHARE = 0.011;

/** The seller's floor as this policy believes it; `known` replaces the belief (the oracle). */
export function floorEstimate(obs: Observation, p: ParamBuyerParams, known?: number): number {
  if (known !== undefined) return known;
  // Tells describe the quote the seller just left (D11): the ask plus its last move.
  const ask = currentAsk(obs);
  const prior = ask + (obs.seller_last_move_delta ?? 0);
  const read = tellHeadroom(obs);
  const h = read === null ? p.headroom : p.tellWeight * read + (1 - p.tellWeight) * p.headroom;
  return Math.min(ask, prior * (1 - h));
}

/**
 * The move, before the offer guard and words: accept an ask near the floor estimate; otherwise
 * open at a share of the ask and creep towards the floor estimate (a share of the gap each
 * round, always at least a small raise so as not to be read as stalling); on the last round
 * offer the floor estimate plus a share of the gap to the ask — less when the seller looks urgent.
 */
export function paramMove(
  obs: Observation,
  p: ParamBuyerParams,
  knownFloor?: number,
  openPrice?: number,
): MoveProposal {
  const ask = currentAsk(obs);
  const budget = obs.own_private_budget;
  const floor = Math.min(floorEstimate(obs, p, knownFloor), budget);
  if (ask <= budget && ask <= floor * (1 + p.acceptMarkup)) return { type: "accept" };
  if (obs.rounds_remaining <= 1) {
    const urgency = obs.tells?.verbal_urgency ?? 0.5;
    const share = clamp(p.finalShare - p.urgencyWeight * (urgency - 0.5), 0, 1);
    const final = Math.min(floor + share * Math.max(0, ask - floor), budget);
    if (ask <= budget && ask <= final) return { type: "accept" };
    return { type: "offer", price: round2(final) };
  }
  const target = floor;
  const last = obs.own_last_offer;
  const minRaise = MIN_RAISE_SHARE * obs.seller_asking_price;
  const next =
    last === null
      ? Math.min(openPrice ?? p.open * obs.seller_asking_price, target)
      : last + Math.max(p.step * (target - last), minRaise);
  return { type: "offer", price: round2(Math.min(next, budget)) };
}

export interface ParamBuyerOptions {
  id?: string;
  /** The seller's true floor (the oracle's candidates are told it). */
  knownFloor?: (obs: Observation) => number;
  /** A first offer in rupees instead of `open` × the ask (the oracle opens relative to the true floor). */
  openPrice?: (obs: Observation) => number;
  /** Play as if the horizon ended this many rounds early (closing early pays on speed-graded tasks). */
  horizonCut?: number;
}

export function paramBuyer(p: ParamBuyerParams, opts: ParamBuyerOptions = {}): BuyerPolicy {
  return {
    id: opts.id ?? "param",
    promptHash: null,
    act: async (obs, ctx) => {
      const cut = opts.horizonCut ?? 0;
      const seen = cut > 0 ? { ...obs, rounds_remaining: Math.max(1, obs.rounds_remaining - cut) } : obs;
      const move = paramMove(seen, p, opts.knownFloor?.(obs), opts.openPrice?.(obs));
      return spokenAct(obs, ctx, guardOffer(obs, move));
    },
  };
}
