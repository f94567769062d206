import type { CounterfactualBody } from "./api";

export type Chair = "buyer" | "seller";

/** The "what if?" form's words and moves for each chair: the move replaced is the agent's own. */
export const WHATIF_COPY: Readonly<
  Record<Chair, { hint: string; messageLabel: string; moves: ReadonlyArray<[string, string]> }>
> = {
  buyer: {
    hint: "Replace the buyer's move in one round. After that the buyer either repeats its original moves or follows a simple greedy rule, and the seller answers as it would have.",
    messageLabel: "What the buyer says",
    moves: [
      ["offer", "Offer"],
      ["accept", "Accept"],
      ["walk", "Walk away"],
    ],
  },
  seller: {
    hint: "Replace the seller's answer in one round. After that the seller either repeats its original answers or follows a simple greedy rule (take an offer at or above its floor, else split the difference), and the buyer answers as it would have.",
    messageLabel: "What the seller says",
    moves: [
      ["counter", "Counter"],
      ["accept", "Accept the offer"],
      ["walk", "Walk away"],
    ],
  },
};

/** Whether a move needs a price: the buyer's offer, the seller's counter. */
export const pricedMove = (move: string): boolean => move === "offer" || move === "counter";

export interface WhatIfInput {
  round: number;
  move: string;
  price: number;
  message: string;
  repeat: boolean;
}

/** The branch request for a chair, or why it cannot be sent (in words). */
export function whatIfBody(chair: Chair, f: WhatIfInput): { body: CounterfactualBody } | { problem: string } {
  const priced = pricedMove(f.move);
  if (priced && (!Number.isFinite(f.price) || f.price < 0)) {
    return {
      problem: `${chair === "buyer" ? "An offer" : "A counter"} needs a price: a number of rupees, zero or more.`,
    };
  }
  const message = f.message.trim();
  const said = message === "" ? {} : { message };
  const continuation = f.repeat ? ("repeat" as const) : ("greedy" as const);
  if (chair === "seller") {
    const action_type = f.move === "accept" ? "accept" : f.move === "walk" ? "walk" : "counter";
    const action = {
      action_type,
      ...(action_type === "counter" ? { price: f.price } : {}),
      ...said,
    } as const;
    return { body: { from_round: f.round, action, continuation } };
  }
  const type = f.move === "accept" ? "accept" : f.move === "walk" ? "walk" : "offer";
  const action = { type, ...(type === "offer" ? { price: f.price } : {}), ...said } as const;
  return { body: { from_round: f.round, action, continuation } };
}
