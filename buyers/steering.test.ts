import { describe, expect, it } from "vitest";
import { tellsWith } from "../env/testing/tell-fixtures";
import { type BuyerDecision, mentionsPrice, type SteeringView, steer, steeringBounds } from "./steering";

const render = (d: BuyerDecision): string => `rendered ${d.type} ${d.price ?? "-"}`;

const round0: SteeringView = {
  current_round: 0,
  max_rounds: 8,
  rounds_remaining: 8,
  opponent_last_offer: null,
  seller_asking_price: 60,
  own_last_offer: null,
  own_private_budget: 100,
  seller_last_move_delta: null,
  seller_personality: "default",
  tells: null,
};
const round4: SteeringView = {
  ...round0,
  current_round: 4,
  rounds_remaining: 4,
  opponent_last_offer: 36,
  own_last_offer: 30,
};
const round7: SteeringView = { ...round0, current_round: 7, rounds_remaining: 1, opponent_last_offer: 32 };

const offer = (price: number | null, message = ""): BuyerDecision => ({ type: "offer", price, message });
const accept: BuyerDecision = { type: "accept", price: null, message: "" };
const walk: BuyerDecision = { type: "walk", price: null, message: "" };

const tells = tellsWith({
  verbal_urgency: 0.8,
  verbal_confidence: 0.2,
  offer_speed: "instant",
  concession_pattern: "front_loaded",
  fidget_level: 0.7,
  eye_contact: "avoidant",
  emotional_escalation: 0.5,
});

describe("REFERENCE §16.5 vectors (default persona, budget 100)", () => {
  it("round 0, ask 60: bounds", () => {
    const b = steeringBounds(round0)!;
    expect(b.acceptThreshold).toBeCloseTo(75.2, 1);
    expect(b.floor).toBeCloseTo(39, 10);
    expect(b.ceiling).toBeCloseTo(54, 10);
  });
  it("round 0, ask 60: offer 20 → 39, offer 40 → 40, accept stays, walk → 42.6", () => {
    expect(steer(round0, offer(20), render)).toMatchObject({ type: "offer", price: 39 });
    expect(steer(round0, offer(40), render)).toMatchObject({ type: "offer", price: 40 });
    expect(steer(round0, accept, render)).toMatchObject({ type: "accept", price: null });
    expect(steer(round0, walk, render)).toMatchObject({ type: "offer", price: 42.6 });
  });
  it("round 4 of 8, ask 36, own last 30: monotonicity guard", () => {
    expect(steer(round4, offer(25), render)).toMatchObject({ type: "offer", price: 31 });
    expect(steer(round4, offer(33), render)).toMatchObject({ type: "offer", price: 33 });
  });
  it("round 4: the guard holds with any tells", () => {
    const v = { ...round4, tells };
    expect(steer(v, offer(25), render).price).toBeGreaterThanOrEqual(30);
  });
  it("round 7 of 8, ask 32: offer and walk both become accept", () => {
    expect(steer(round7, offer(25), render)).toMatchObject({ type: "accept", price: null });
    expect(steer(round7, walk, render)).toMatchObject({ type: "accept", price: null });
  });
});

describe("other branches", () => {
  it("an offer without price takes the middle of [floor, ceiling]", () => {
    expect(steer(round0, offer(null), render).price).toBe(46.5);
  });
  it("accept above the threshold with rounds left becomes an offer at the Nash point", () => {
    const v = { ...round0, seller_asking_price: 95 };
    const out = steer(v, accept, render);
    const b = steeringBounds(v)!;
    expect(out.type).toBe("offer");
    expect(out.price).toBeCloseTo(Math.min(Math.max(b.nash, b.floor), b.ceiling), 2);
  });
  it("walk is kept on the last round when the ask is above 98 % of budget", () => {
    const v = { ...round7, opponent_last_offer: 99 };
    expect(steer(v, walk, render)).toMatchObject({ type: "walk", price: null });
  });
  it("without a usable ask or budget, a price-less offer gets 30 % of budget (or 30)", () => {
    const v = { ...round0, seller_asking_price: 0 };
    expect(steer(v, offer(null), render).price).toBe(30);
    expect(steer({ ...v, own_private_budget: 0 }, offer(null), render).price).toBe(30);
    expect(steer({ ...v, own_private_budget: 200 }, offer(null), render).price).toBe(60);
    expect(steer(v, offer(12, "12 final"), render)).toEqual(offer(12, "12 final"));
  });
  it("urgent-seller tells lower the cost estimate and the accept threshold", () => {
    const calm = steeringBounds(round0)!;
    const urgent = steeringBounds({ ...round0, tells })!;
    expect(urgent.postUrgency).toBeGreaterThan(calm.postUrgency);
    expect(urgent.estCost).toBeLessThan(calm.estCost);
  });
  it("a junk or acceptable condition disclosure lowers the cost estimate", () => {
    const base = steeringBounds({ ...round0, tells })!;
    const worn = steeringBounds({ ...round0, tells: { ...tells, condition_label: "acceptable" } })!;
    const junk = steeringBounds({ ...round0, tells: { ...tells, condition_label: "junk" } })!;
    expect(worn.estCost).toBeCloseTo(base.estCost * 0.92, 8);
    expect(junk.estCost).toBeCloseTo(base.estCost * 0.8, 8);
    const good = steeringBounds({ ...round0, tells: { ...tells, condition_label: "good" } })!;
    expect(good.estCost).toBe(base.estCost);
  });
});

describe("message honesty (D21)", () => {
  it("keeps the model's text when nothing changed", () => {
    expect(steer(round0, offer(40, "bhai 40 pe de do"), render).message).toBe("bhai 40 pe de do");
    expect(steer(round0, { ...accept, message: "chalo done" }, render).message).toBe("chalo done");
  });
  it("re-renders on any price change, even a small one", () => {
    expect(steer(round0, offer(38.5, "38.5 final?"), render).message).toBe("rendered offer 39");
  });
  it("keeps the text when it already quotes the final whole-rupee price", () => {
    expect(steer(round0, offer(38.7, "₹39 de dunga"), render)).toMatchObject({
      price: 39,
      message: "₹39 de dunga",
    });
  });
  it("re-renders when the action changes", () => {
    expect(steer(round7, offer(25, "25 last"), render).message).toBe("rendered accept -");
    expect(steer(round0, { ...walk, message: "bye" }, render).message).toBe("rendered offer 42.6");
  });
  it("fills an empty message", () => {
    expect(steer(round0, offer(40), render).message).toBe("rendered offer 40");
  });
  it("re-renders an unchanged offer whose text quotes some other number", () => {
    expect(steer(round0, offer(40, "45 se zyada nahi"), render).message).toBe("rendered offer 40");
  });
});

describe("mentionsPrice", () => {
  it("reads digits with grouping commas and rounds to whole rupees", () => {
    expect(mentionsPrice("₹1,099 final", 1099)).toBe(true);
    expect(mentionsPrice("1099.4 ok", 1099.4)).toBe(true);
    expect(mentionsPrice("1099.4 ok", 1099)).toBe(false);
    expect(mentionsPrice("₹39 de dunga", 38.7)).toBe(true);
    expect(mentionsPrice("chalo 1100", 1099)).toBe(false);
    expect(mentionsPrice("no numbers", 10)).toBe(false);
  });
});
