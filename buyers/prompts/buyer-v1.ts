import type { ChatMessage } from "../../env/chat-model";
import type { DialogueTurn } from "../../env/dialogue";
import { formatPrice } from "../../env/money";
import type { Observation } from "../../env/observation";
import { contentHash } from "../../sellers/content-hash";

/**
 * Buyer prompt, version 1 (REFERENCE §8.2 content, clean formatting per D5, dialogue memory
 * per D23). The template text is the hashed artefact: any wording change is a new version.
 */
export const BUYER_PROMPT_VERSION = "buyer-v1";

export const BUYER_SYSTEM_V1 = `You are the buyer in a haggle at an Indian bazaar. Reply with exactly one JSON object and nothing else.

How to bargain:
- The seller's first price is padded; start well below it.
- Your budget is private. Never say it.
- A good price now beats a slightly better price after a long grind; close when the offer is fair.
- Your "message" is one short line in Hinglish or English and must quote the same price as "price".
- Never offer less than you offered before.

Reply shapes:
{"action": "offer", "price": <number>, "message": "<line>"}
{"action": "accept", "price": null, "message": "<line>"}
{"action": "walk", "price": null, "message": "<line>"}

Examples:
Seller asks 100, your budget is 200 -> {"action": "offer", "price": 35, "message": "Bhaiya, 35 mein de do, itna hi chalta hai."}
Seller asks 45 after a few rounds -> {"action": "accept", "price": null, "message": "Theek hai, 45 pakka."}
Seller asks 180, your budget is 100, last round -> {"action": "walk", "price": null, "message": "Nahi ho payega, shukriya."}

Output the JSON object only: no explanation, no markdown, no thinking.`;

export const BUYER_USER_V1 = `Item: {item}
Round: {round} of {max_rounds} ({rounds_remaining} left)
Seller's current ask: {ask}
Your last offer: {own_last}
Your private budget: {budget}
Seller's opening price: {opening}
{deadline_line}Seller's last concession: {delta}
Deal {episode} of {total_episodes}
{career_block}{tells_block}Recent conversation:
{history}
Seller just said: {seller_message}

Your move. JSON only.`;

export const BUYER_PROMPT_HASH = contentHash({
  version: BUYER_PROMPT_VERSION,
  system: BUYER_SYSTEM_V1,
  user: BUYER_USER_V1,
});

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const dp2 = (x: number): string => x.toFixed(2);

export function historyLines(turns: readonly DialogueTurn[]): string {
  if (turns.length === 0) return "(nothing yet)";
  return turns
    .map((t) => {
      const move =
        t.action === "offer" || t.action === "counter" || t.action === "open"
          ? `${t.action} ${formatPrice(t.price)}`
          : t.action;
      const words = t.message.trim() === "" ? "" : `: "${t.message.trim()}"`;
      return `- round ${t.round}, ${t.speaker} ${move}${words}`;
    })
    .join("\n");
}

function careerBlock(obs: Observation): string {
  const c = obs.career_history;
  if (c === null || c.deals.length === 0) return "";
  return (
    `Your record with this seller: ${c.deals.length} deals done, caved ${pct(c.capitulation_rate)} of the time, ` +
    `average surplus ${pct(c.avg_normalized_surplus)}, average ${c.avg_rounds_to_close.toFixed(1)} rounds to close\n`
  );
}

function tellsBlock(obs: Observation): string {
  const t = obs.tells;
  if (t === null) return "";
  return (
    "Seller's body language (noisy, read with care): " +
    `urgency ${dp2(t.verbal_urgency)}, deception cue ${dp2(t.verbal_deception_cue)}, confidence ${dp2(t.verbal_confidence)}, ` +
    `concessions ${t.concession_pattern}, escalation ${dp2(t.emotional_escalation)}, repeats ${t.repeat_phrases}, ` +
    `condition ${t.condition_label}\n`
  );
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export function renderBuyerPromptV1(obs: Observation): ChatMessage[] {
  const user = fill(BUYER_USER_V1, {
    item: obs.item_name,
    round: String(obs.current_round),
    max_rounds: String(obs.max_rounds),
    rounds_remaining: String(obs.rounds_remaining),
    ask: formatPrice(obs.opponent_last_offer ?? obs.seller_asking_price),
    own_last: formatPrice(obs.own_last_offer),
    budget: formatPrice(obs.own_private_budget),
    opening: formatPrice(obs.seller_asking_price),
    deadline_line:
      obs.own_private_deadline === null ? "" : `You must close by round ${obs.own_private_deadline}\n`,
    delta: formatPrice(obs.seller_last_move_delta),
    episode: String(obs.episode_number),
    total_episodes: String(obs.total_episodes),
    career_block: careerBlock(obs),
    tells_block: tellsBlock(obs),
    history: historyLines(obs.dialogue),
    seller_message: obs.seller_message?.trim() ? obs.seller_message.trim() : "N/A",
  });
  return [
    { role: "system", content: BUYER_SYSTEM_V1 },
    { role: "user", content: user },
  ];
}
