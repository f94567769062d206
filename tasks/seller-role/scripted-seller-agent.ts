import { round2 } from "../../env/money";
import type { SellerAction } from "../../env/seller-role/seller-action";
import type { SellerObservation } from "../../env/seller-role/seller-observation";

/**
 * The seller agent the seller-role golden fixtures replay (the mirror of buyers/scripted-buyer):
 * accepts an offer within 5 % of its standing price or, in the last round, any offer at or
 * above its reservation; otherwise concedes a third of the way to 110 % of its reservation.
 * It reads only its own observation, so the buyer's hidden budget never reaches it.
 */
export function scriptedSellerAgent(obs: SellerObservation): SellerAction {
  const offer = obs.buyer_last_offer;
  const { reservation } = obs.brief;
  if (offer === null) return { action_type: "walk", message: "Nothing to answer." };
  if (offer >= 0.95 * obs.own_last_quote) return { action_type: "accept", message: "Done, it's yours." };
  if (obs.rounds_remaining <= 0)
    return offer >= reservation
      ? { action_type: "accept", message: "Last round, fine." }
      : { action_type: "walk", message: "Can't go that low." };
  const target = 1.1 * reservation;
  const price = round2(Math.max(target, obs.own_last_quote - (obs.own_last_quote - target) / 3));
  return {
    action_type: "counter",
    price,
    message: `Best I can do is ${Math.round(price)}. Quality piece, other buyers asking.`,
  };
}
