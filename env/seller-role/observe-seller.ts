import type { EpisodeState } from "../episode-state";
import { formatRupees } from "../money";
import { priceText } from "../notices";
import { extractCues, localExtractorFor } from "../tells/extract-cues";
import { bonusScheme } from "./seller-economics";
import type { SellerObservation } from "./seller-observation";
import type { SellerRecord } from "./seller-record";

/** The environment's own words to the seller agent. */
export const SELLER_NOTICE = {
  buyerWalked: "The buyer walked away. No deal.",
  youWalked: "You walked away. No deal this time.",
  timeUp: "Out of time: the last round passed without a deal.",
  /** Whole rupees on tasks recorded that way (@1); exact money where the spec says so (@2). */
  dealAt: (price: number, say: (x: number) => string = formatRupees) => `Deal closed at ${say(price)}.`,
} as const;

function notice(s: EpisodeState): string | null {
  if (!s.done) return null;
  if (s.outcome === "deal" && s.agreedPrice !== null)
    return SELLER_NOTICE.dealAt(s.agreedPrice, priceText(s.spec));
  if (s.outcome === "expired") return SELLER_NOTICE.timeUp;
  const last = s.dialogue[s.dialogue.length - 1];
  return last?.speaker === "seller" ? SELLER_NOTICE.youWalked : SELLER_NOTICE.buyerWalked;
}

/**
 * The seller agent's view of an episode right now (seller role). In a career, `past` is the
 * seller's records of the run's deals before this one (the run holds them; an episode log
 * alone does not).
 */
export function observeSeller(s: EpisodeState, past: readonly SellerRecord[] = []): SellerObservation {
  const spec = s.spec;
  const last = s.dialogue[s.dialogue.length - 1];
  const buyerSpoke = last?.speaker === "buyer" ? last.message : null;
  const cues =
    spec.enable_tells && buyerSpoke !== null && buyerSpoke !== ""
      ? extractCues(buyerSpoke, localExtractorFor(spec.tells_extractor ?? "rules"), spec.tells_model)
          .aggregate
      : null;
  const said = notice(s);
  const k = spec.history_window;
  return {
    role: "seller",
    brief: {
      item_name: spec.item.name,
      item_category: spec.item.category,
      ask_price: s.anchor,
      cost: spec.seller_cost,
      reservation: s.reservation,
      persona: s.persona,
      bonus: bonusScheme(s.anchor, s.reservation),
    },
    current_round: s.round,
    max_rounds: s.maxRounds,
    rounds_remaining: Math.max(0, s.maxRounds - s.round),
    buyer_last_offer: s.lastBuyerOffer,
    own_last_quote: s.lastQuote,
    buyer_message: buyerSpoke,
    buyer_cues: cues === null ? null : { ...cues },
    deal_outcome: s.outcome,
    agreed_price: s.agreedPrice,
    notice: said,
    message: [buyerSpoke, said].filter((x): x is string => x !== null && x !== "").join("\n"),
    dialogue: k === 0 ? [] : s.dialogue.slice(-k),
    ...(spec.total_episodes > 1
      ? { career: { episode_number: spec.episode, total_episodes: spec.total_episodes, past: [...past] } }
      : {}),
  };
}
