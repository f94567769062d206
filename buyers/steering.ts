import { clamp, clamp01, round2, wholeUnits } from "../env/money";
import type { TellObservation } from "../env/tells/tell-observation";

export interface SteeringView {
  current_round: number;
  max_rounds: number;
  rounds_remaining: number;
  opponent_last_offer: number | null;
  seller_asking_price: number;
  own_last_offer: number | null;
  own_private_budget: number;
  seller_last_move_delta: number | null;
  seller_personality: string | null;
  tells: TellObservation | null;
}

export interface BuyerDecision {
  type: "offer" | "accept" | "walk";
  price: number | null;
  message: string;
}

const PRIOR_URGENCY: Readonly<Record<string, number>> = {
  default: 0.5,
  deceptive: 0.45,
  impatient: 0.68,
  collaborative: 0.4,
};
const PRIOR_FLEXIBILITY: Readonly<Record<string, number>> = {
  default: 0.5,
  deceptive: 0.3,
  impatient: 0.65,
  collaborative: 0.72,
};
const SPEED_URGENCY: Readonly<Record<string, number>> = { instant: 0.15, normal: 0.05, deliberate: -0.05 };
const PATTERN_URGENCY: Readonly<Record<string, number>> = {
  front_loaded: 0.15,
  erratic: 0.08,
  stalling: -0.1,
  steady: 0,
};
const PATTERN_FLEXIBILITY: Readonly<Record<string, number>> = {
  front_loaded: 0.22,
  steady: 0.08,
  erratic: 0.03,
  stalling: -0.18,
};

/**
 * A seller who admits to a worn or broken item (condition tells) paid for it as such, so
 * its cost estimate drops: 8 % for "acceptable", 20 % for "junk". Small on purpose — the
 * words are cheap talk and the cue extractor is noisy.
 */
export const CONDITION_COST_FACTOR: Readonly<Partial<Record<TellObservation["condition_label"], number>>> = {
  acceptable: 0.92,
  junk: 0.8,
};

/** The negotiation bounds the steering derives from the view (REFERENCE §8.3). */
export interface SteeringBounds {
  ask: number;
  budget: number;
  rr: number;
  postUrgency: number;
  postFlexibility: number;
  estCost: number;
  nash: number;
  acceptThreshold: number;
  floor: number;
  ceiling: number;
}

export function steeringBounds(view: SteeringView): SteeringBounds | null {
  const ask = view.opponent_last_offer || view.seller_asking_price || 0;
  const budget = view.own_private_budget || 0;
  if (ask <= 0 || budget <= 0) return null;
  const rr = Math.trunc(view.rounds_remaining || 0);
  const maxR = Math.max(1, Math.trunc(view.max_rounds || rr || 1));
  const cur = Math.trunc(view.current_round || maxR - rr);
  const late = clamp01(cur / maxR);
  const persona = view.seller_personality ?? "";
  const priorU = PRIOR_URGENCY[persona] ?? 0.5;
  const priorF = PRIOR_FLEXIBILITY[persona] ?? 0.5;

  const t = view.tells;
  const vu = t?.verbal_urgency || 0;
  const fid = t?.fidget_level || 0;
  const emo = t?.emotional_escalation || 0;
  const dec = t?.verbal_deception_cue || 0;
  const conf = t?.verbal_confidence ?? 0.5;
  const speedU = SPEED_URGENCY[t?.offer_speed ?? "normal"] ?? 0;
  const pattern = t?.concession_pattern ?? "steady";
  const sigU = clamp01(
    0.35 * vu +
      0.25 * fid +
      0.2 * emo +
      0.1 * dec +
      0.1 * (1 - conf) +
      speedU +
      (PATTERN_URGENCY[pattern] ?? 0),
  );
  const cr = clamp01((view.seller_last_move_delta || 0) / Math.max(ask, 1));
  const sigF = clamp01(
    0.45 * cr + 0.2 * (1 - conf) + 0.2 * vu + 0.15 * (1 - dec) + (PATTERN_FLEXIBILITY[pattern] ?? 0),
  );
  const postU = clamp01(0.55 * priorU + 0.45 * sigU);
  const postF = clamp01(0.55 * priorF + 0.45 * sigF);

  const conditionFactor = CONDITION_COST_FACTOR[t?.condition_label ?? "unknown"] ?? 1;
  const estCost = clamp(ask * (0.58 - 0.18 * postU + 0.08 * (1 - postF)) * conditionFactor, 1, 0.9 * ask);
  const power = clamp(0.35 + 0.4 * postU + 0.2 * postF - 0.3 * late, 0.2, 0.85);
  const nash = clamp((1 - power) * budget + power * estCost, 1, Math.min(0.95 * budget, 1.02 * ask));
  const acceptThreshold = Math.min(
    nash + (budget - nash) * (0.28 + 0.45 * late + 0.12 * (1 - postU)),
    0.95 * budget,
  );
  let floor = Math.max(1, Math.min(0.85 * nash, 0.65 * ask, 0.85 * budget));
  let ceiling = Math.min(acceptThreshold, ask * (0.9 + 0.08 * late));
  if (rr <= 2) {
    floor = Math.max(floor, 0.87 * ask);
    ceiling = Math.max(ceiling, floor);
  }
  if (ceiling < floor) floor = ceiling;
  return {
    ask,
    budget,
    rr,
    postUrgency: postU,
    postFlexibility: postF,
    estCost,
    nash,
    acceptThreshold,
    floor,
    ceiling,
  };
}

function steerAction(view: SteeringView, proposed: BuyerDecision): BuyerDecision {
  const b = steeringBounds(view);
  const offer = (price: number): BuyerDecision => ({
    type: "offer",
    price: round2(price),
    message: proposed.message,
  });
  const accept: BuyerDecision = { type: "accept", price: null, message: proposed.message };
  if (b === null) {
    if (proposed.type !== "offer" || proposed.price !== null) return proposed;
    const budget = view.own_private_budget || 0;
    return offer(Math.max(1, budget > 0 ? 0.3 * budget : 30));
  }
  const { ask, budget, rr, acceptThreshold, floor, ceiling } = b;
  if (proposed.type === "accept") {
    // D22: accepting the opening ask is a legal deal now, so round 0 is not special.
    return ask > acceptThreshold && rr > 1 ? offer(clamp(b.nash, floor, ceiling)) : accept;
  }
  if (proposed.type === "walk") {
    if (rr <= 1 && ask > 0.98 * budget) return { ...proposed, price: null };
    if (ask <= acceptThreshold && rr <= 2) return accept;
    return offer(
      Math.max(floor, Math.min(ceiling, (view.own_last_offer ?? floor) + Math.max(1, 0.06 * ask))),
    );
  }
  if (rr <= 1 && ask <= acceptThreshold) return accept;
  let p = clamp(proposed.price ?? (floor + ceiling) / 2, floor, ceiling);
  const last = view.own_last_offer;
  if (last !== null && p < last) {
    // Never retreat below our own last offer, even when the ceiling has dropped under it.
    const bump = Math.max(1, 0.15 * Math.max(0, ask - last));
    p = Math.max(last, Math.min(ceiling, last + bump));
  }
  return offer(p);
}

const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/** Does the text quote `price` — in whole rupees ("₹1,099", "1099") or exactly ("1099.40")? */
export function mentionsPrice(text: string, price: number): boolean {
  const whole = wholeUnits(price);
  for (const m of text.matchAll(NUMBER)) {
    const n = Number.parseFloat(m[0].replace(/,/g, ""));
    if (n === whole || Math.abs(n - price) < 0.005) return true;
  }
  return false;
}

/**
 * Bayesian steering of a proposed buyer move (REFERENCE §8.3 formulas), with the
 * message kept honest (D21): when steering changes the action or the price at all, or
 * the model wrote nothing, the line is re-rendered — unless the model's text already
 * quotes the final price in whole rupees. An unchanged offer whose text quotes numbers
 * but not its own price is re-rendered too, so text and price never disagree.
 */
export function steer(
  view: SteeringView,
  proposed: BuyerDecision,
  render: (d: BuyerDecision) => string,
): BuyerDecision {
  const decided = steerAction(view, proposed);
  const text = proposed.message.trim();
  const quotesFinal = decided.price !== null && mentionsPrice(text, decided.price);
  const changed = decided.type !== proposed.type || decided.price !== proposed.price;
  const quotesOther = decided.type === "offer" && /\d/.test(text) && !quotesFinal;
  if (text === "" || (changed && !quotesFinal) || quotesOther) {
    return { ...decided, message: render({ ...decided, message: "" }) };
  }
  return { ...decided, message: proposed.message };
}
