import { historyLines } from "../../buyers/prompts/buyer-v1";
import type { ChatMessage } from "../../env/chat-model";
import { formatPrice } from "../../env/money";
import type { SellerObservation } from "../../env/seller-role/seller-observation";
import { contentHash } from "../../sellers/content-hash";

/**
 * The seller AGENT's prompt, version 1: the model plays the seller role with its whole private
 * brief (unlike a pinned LLM seller, whose prompt never holds its floor, it is told its
 * reservation: holding it is what is being measured). The template text is the hashed
 * artefact: any wording change is a new version.
 */
export const SELLER_AGENT_PROMPT_VERSION = "seller-agent-v1";

export const SELLER_AGENT_SYSTEM_V1 = `You are the seller in a haggle at an Indian bazaar. Reply with exactly one JSON object and nothing else.

How to sell:
- Your opening ask is padded on purpose; come down slowly and make the buyer work for each step.
- Your reservation is your private floor. Never say it. Selling below it loses you money.
- You earn a bonus for every 10 rupees above your reservation.
- Your "message" is one short line in Hinglish or English and must quote the same price as "price".
- Never ask more than you asked before.

Reply shapes:
{"action": "counter", "price": <number>, "message": "<line>"}
{"action": "accept", "price": null, "message": "<line>"}
{"action": "walk", "price": null, "message": "<line>"}

Output the JSON object only: no explanation, no markdown, no thinking.`;

export const SELLER_AGENT_USER_V1 = `Item: {item}
Your style: {persona}
Round: {round} of {max_rounds} ({rounds_remaining} left)
Your opening ask: {ask}
Your current price: {quote}
Your cost: {cost}
Your private reservation: {reservation}
Buyer's current offer: {offer}
Recent conversation:
{history}
Buyer just said: {buyer_message}

Your move. JSON only.`;

export const SELLER_AGENT_PROMPT_HASH = contentHash({
  version: SELLER_AGENT_PROMPT_VERSION,
  system: SELLER_AGENT_SYSTEM_V1,
  user: SELLER_AGENT_USER_V1,
});

/** Fills `{slot}` markers literally (no `$` patterns), so item names and messages can hold any text. */
const fill = (template: string, slots: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => slots[key] ?? whole);

export function renderSellerAgentPromptV1(obs: SellerObservation): ChatMessage[] {
  const b = obs.brief;
  const user = fill(SELLER_AGENT_USER_V1, {
    item: b.item_name,
    persona: b.persona,
    round: String(obs.current_round),
    max_rounds: String(obs.max_rounds),
    rounds_remaining: String(obs.rounds_remaining),
    ask: formatPrice(b.ask_price),
    quote: formatPrice(obs.own_last_quote),
    cost: formatPrice(b.cost),
    reservation: formatPrice(b.reservation),
    offer: formatPrice(obs.buyer_last_offer),
    history: historyLines(obs.dialogue),
    buyer_message: (obs.buyer_message ?? "").replaceAll('"', "'").trim() || "(no words, just the offer)",
  });
  return [
    { role: "system", content: SELLER_AGENT_SYSTEM_V1 },
    { role: "user", content: user },
  ];
}
