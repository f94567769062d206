/**
 * Play one BazaarBATNA negotiation over HTTP with fetch (Node 20+, no dependencies).
 *
 *   npx tsx examples/typescript/episode.ts [BASE_URL]
 *
 * BASE_URL defaults to $BAZAAR_URL or http://localhost:8000. The buyer opens at half the ask,
 * climbs toward 80 % of its budget, and accepts once the ask is within 5 % of its last offer.
 * It plays the current game (BAZAAR_TASK, default single_deal@3) and prints prices with the
 * game's own formatter, so "₹42.50" in its lines is the ₹42.50 the seller says.
 */
import { formatMoney } from "../../env/money";

interface Observation {
  current_round: number;
  rounds_remaining: number;
  own_last_offer: number | null;
  opponent_last_offer: number | null;
  seller_asking_price: number;
  own_private_budget: number;
  item_name: string;
  deal_outcome: string | null;
  agreed_price: number | null;
  message: string;
}

interface StepResult {
  session_id: string;
  observation: Observation;
  reward: number | null;
  done: boolean;
}

type Action = { type: "offer"; price: number; message: string } | { type: "accept" } | { type: "walk" };

const base = (process.argv[2] ?? process.env.BAZAAR_URL ?? "http://localhost:8000").replace(/\/$/, "");

async function call<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} failed with ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const task = process.env.BAZAAR_TASK ?? "single_deal@3";
const first = await call<StepResult>("/reset", { task_id: task, seed: 42 });
const sessionId = first.session_id;
console.log(
  `buying ${first.observation.item_name} (budget ${formatMoney(first.observation.own_private_budget)})`,
);
console.log(`seller: ${first.observation.message}`);

let offer = Math.round(first.observation.seller_asking_price * 50) / 100;
const target = first.observation.own_private_budget * 0.8;
let result = first;
while (!result.done) {
  const o = result.observation;
  const ask = o.opponent_last_offer ?? o.seller_asking_price;
  let action: Action;
  if (o.own_last_offer !== null && ask <= o.own_last_offer * 1.05) {
    action = { type: "accept" };
  } else {
    action = { type: "offer", price: offer, message: `I can pay ${formatMoney(offer)}.` };
    offer = Math.round((offer + (target - offer) / Math.max(o.rounds_remaining, 1)) * 100) / 100;
  }
  result = await call<StepResult>("/step", { session_id: sessionId, action });
  const said = action.type === "offer" ? formatMoney(action.price) : action.type;
  console.log(
    `round ${result.observation.current_round}: buyer ${said} -> reward ${result.reward?.toFixed(4)}; seller: ${result.observation.message}`,
  );
}

const agreed = result.observation.agreed_price;
console.log(
  `outcome: ${result.observation.deal_outcome} at ${agreed === null ? "no price" : formatMoney(agreed)}`,
);
const score = await call<{ score: number; success: boolean }>(
  `/score?session_id=${encodeURIComponent(sessionId)}`,
);
console.log(`score: ${score.score} (success: ${score.success})`);
await call("/close", { session_id: sessionId });
