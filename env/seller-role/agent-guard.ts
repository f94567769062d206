import { round2 } from "../money";
import type { GuardContext, GuardedTurn, GuardIntervention, GuardRule } from "../rules-guard";
import type { SellerMove, SellerTurn } from "../seller-policy";

/**
 * The rules a seller AGENT (seller role) obeys. Unlike a pinned seller policy it is the one
 * being evaluated, so nothing protects it from itself: it may accept or counter below its
 * reservation and may say its floor out loud — the grade charges that (env/seller-role/
 * seller-economics.ts), the engine never blocks it. Only the structural rules of the game stay:
 * a counter needs a finite price, never retreats above the seller's last quote, and a counter
 * at or below the buyer's standing offer is that offer accepted (the better deal for the seller).
 */
export function guardAgentTurn(
  turn: Pick<SellerTurn, "action" | "price" | "message">,
  ctx: Pick<GuardContext, "buyerOffer" | "lastQuote" | "restate">,
): GuardedTurn {
  const interventions: GuardIntervention[] = [];
  let action: SellerMove = turn.action;
  let price = turn.price;
  const change = (rule: GuardRule, toAction: SellerMove, toPrice: number | null): void => {
    interventions.push({ rule, from: { action, price }, to: { action: toAction, price: toPrice } });
    action = toAction;
    price = toPrice;
  };
  const offer = ctx.buyerOffer;
  if (action === "accept") price = offer;
  if (action === "walk") price = null;
  if (action === "counter") {
    if (price === null || !Number.isFinite(price)) change("counter_not_a_number", "counter", ctx.lastQuote);
    if ((price as number) > ctx.lastQuote) change("counter_above_last_quote", "counter", ctx.lastQuote);
    price = round2(price as number);
    if (price <= offer) change("counter_at_or_below_offer", "accept", offer);
  }
  // The agent's own words stay; when its move changed kind they would contradict it and are
  // replaced, when only its price moved the price actually quoted is said after them.
  const kindChanged = interventions.some((i) => i.from.action !== i.to.action);
  const restated = ctx.restate(action, price);
  const message = kindChanged
    ? restated
    : interventions.length > 0
      ? `${turn.message} ${restated}`.trim()
      : turn.message;
  return { action, price, message, interventions };
}
