import { formatRupees, round2 } from "../env/money";
import type { Observation } from "../env/observation";

/**
 * The deterministic probe buyer of the seller-quality check (REFERENCE §12.3): opens at 55 %
 * of the asking price, then closes a growing share of the gap to just under the seller's
 * last quote. No randomness at all, so every seller faces exactly the same pressure.
 */
const LINES = {
  opening: [
    "Namaste! {price} mein de sakte ho?",
    "Achhi cheez hai, par {price} se zyada nahi de paunga.",
    "Shuru mein {price} bolta hoon, theek hai?",
    "Mere paas {price} hain, kya kehte ho?",
    "{price} pe baat shuru karein?",
  ],
  middle: [
    "Chalo thoda badhata hoon: {price}.",
    "{price} tak aa sakta hoon, aap bhi aao.",
    "Beech mein milte hain — {price}?",
    "Theek hai, {price}. Ab aapki baari.",
    "{price} — isse fair kuch nahi.",
  ],
  late: [
    "Aakhri koshish: {price}.",
    "{price}, bas yahin tak.",
    "Ab {price} pe khatam karte hain?",
    "Final offer {price} hai.",
    "{price} mein pakka karo, warna rehne do.",
  ],
} as const;

export function probePrice(obs: Observation, maxRounds: number): number {
  const asking = obs.seller_asking_price;
  const turn = obs.current_round + 1;
  const prev = obs.own_last_offer;
  if (turn === 1 || prev === null) return round2(Math.max(1, 0.55 * asking));
  const progress = (turn - 1) / Math.max(1, maxRounds);
  const step = 0.3 + 0.4 * progress;
  const sellerLast = obs.opponent_last_offer ?? asking;
  const target = Math.min(0.95 * asking, sellerLast * (0.97 + 0.02 * progress));
  return round2(Math.max(prev + Math.max(1, 0.02 * asking), prev + (target - prev) * step));
}

export function probeLine(price: number, turn: number, maxRounds: number): string {
  const progress = (turn - 1) / Math.max(1, maxRounds);
  const pool = progress < 0.25 || turn <= 1 ? LINES.opening : progress < 0.65 ? LINES.middle : LINES.late;
  return (pool[(turn - 1) % pool.length] as string).replace("{price}", formatRupees(price));
}
