import { z } from "zod";

/**
 * The hidden seller type of a v2 episode, drawn per seed from the task's distribution
 * (tasks/v2/task-draws.ts). It lives in the episode spec — the hidden part of the log, like the
 * seller's cost — so the buyer never sees it while the episode runs; /state reveals it at the end.
 */
export const SellerType = z
  .object({
    /** Reservation = cost × (1 + margin): the lowest price the seller will ever take. */
    margin: z.number().min(0).max(5),
    /** 0 in a hurry … 1 in no hurry: sets the round by which the seller's curve reaches its floor. */
    patience: z.number().min(0).max(1),
    /** Concession exponent e of target(τ) = floor + (ask − floor)(1 − τ^(1/e)): < 1 holds out, > 1 concedes early. */
    concession: z.number().min(0.05).max(20),
    /** Share of each buyer concession the seller gives back (reciprocity). */
    reactivity: z.number().min(0).max(1),
    /** Scale of the per-round chance of walking away after insulting offers or stalling. */
    walk_risk: z.number().min(0).max(1),
    /** Chance per counter of an invented-rival or fake-urgency line. */
    bluff_rate: z.number().min(0).max(1),
    /** How much the seller needs the sale: faster concessions near the end, more give at the deadline. */
    stock_pressure: z.number().min(0).max(1),
  })
  .strict();
export type SellerType = z.infer<typeof SellerType>;

/** The type a typed seller assumes on a task that draws none (a v1 task): the middle of the road. */
export const NEUTRAL_SELLER_TYPE: SellerType = {
  margin: 0.3,
  patience: 0.5,
  concession: 1,
  reactivity: 0.3,
  walk_risk: 0.2,
  bluff_rate: 0.2,
  stock_pressure: 0.5,
};

/**
 * How insulting an offer is, 0 … 1: zero at or above `share` × the seller's floor, 1 at a zero
 * offer. Typed sellers raise their walk risk with it and typed tells show it (arms crossed),
 * so both read the same quantity.
 */
export function insultLevel(offer: number, reservation: number, share: number): number {
  const line = share * reservation;
  if (!(line > 0) || offer >= line) return 0;
  return Math.min(1, (line - Math.max(0, offer)) / line);
}
