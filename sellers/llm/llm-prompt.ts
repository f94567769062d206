import type { ChatMessage } from "../../env/chat-model";
import type { DialogueTurn } from "../../env/dialogue";
import { formatPrice } from "../../env/money";
import { contentHash } from "../content-hash";
import { type LlmPersona, PERSONA_GUIDANCE } from "./llm-persona";

/**
 * Prompts of the LLM seller. They describe the listing and the persona and never contain the
 * reservation: the model cannot leak what it was never told, and the rules guard enforces
 * the floor in code. Any change to these strings changes PROMPT_HASH, which the released
 * version pins (sellers/versions/llm-2.json): a change means a new version.
 */
const SYSTEM = `You are a stall-keeper at a busy Indian market, selling one item to a buyer who is bargaining with you. You want to close the sale at a price that is good for you.

Item: {item}
Category: {category}
{description}Your opening asking price: ₹{ask}

How you bargain:
- Talk only about this item and do not invent features it does not have.
- You have a private lowest price. Never state it, never hint at a number for it.
- Meet a first low offer with a counter-offer instead of leaving.
- Walk away only if the buyer keeps making offers that are not serious.
- Come down gradually. A new price is never higher than your previous one and always above what the buyer offered.
- If the buyer's offer is good enough for you, accept it.
- Keep every message to one to three short sentences. Hinglish or English, as the buyer speaks.

Your style: {persona}`;

const RESPOND = `{history}Your current asking price: ₹{quote}
The buyer says: "{buyer}"
The buyer offers: ₹{offer}

Decide your move. Answer with only this JSON object:
{"message": "<what you say to the buyer>", "action": "counter" | "accept" | "walk", "price": <your new price for a counter, the buyer's offer for an accept, null for a walk>}`;

/** Every prompt string the seller sends, as its release pins them (see PROMPT_HASH). */
export const PROMPT_PARTS = { SYSTEM, RESPOND, PERSONA_GUIDANCE } as const;
export const PROMPT_HASH = contentHash(PROMPT_PARTS);

export interface ListingFacts {
  itemName: string;
  ask: number;
  category?: string;
  description?: string;
}

const MAX_DESCRIPTION = 1400;

/** Fills `{slot}` markers literally (no `$` patterns), so item names and messages can hold any text. */
function fillSlots(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => slots[key] ?? whole);
}

function systemPrompt(listing: ListingFacts, persona: LlmPersona): string {
  const description = listing.description?.trim().slice(0, MAX_DESCRIPTION);
  return fillSlots(SYSTEM, {
    item: listing.itemName,
    category: listing.category?.trim() || "general goods",
    description: description ? `About it: ${description}\n` : "",
    ask: formatPrice(listing.ask),
    persona: PERSONA_GUIDANCE[persona],
  });
}

function historyLines(dialogue: readonly DialogueTurn[], turns: number): string {
  const recent = dialogue.slice(-turns);
  if (recent.length === 0) return "";
  const lines = recent.map((d) => {
    const who = d.speaker === "buyer" ? "Buyer" : "You";
    const price = d.price === null ? "" : ` [${d.action} ₹${formatPrice(d.price)}]`;
    return `${who}: ${d.message}${price}`;
  });
  return `The conversation so far:\n${lines.join("\n")}\n\n`;
}

export interface TurnFacts {
  dialogue: readonly DialogueTurn[];
  lastQuote: number;
  buyerMessage: string;
  buyerOffer: number;
}

export function turnMessages(
  listing: ListingFacts,
  persona: LlmPersona,
  turn: TurnFacts,
  historyTurns: number,
): ChatMessage[] {
  const user = fillSlots(RESPOND, {
    history: historyLines(turn.dialogue, historyTurns),
    quote: formatPrice(turn.lastQuote),
    buyer: turn.buyerMessage.replaceAll('"', "'").trim() || "(no words, just the offer)",
    offer: formatPrice(turn.buyerOffer),
  });
  return [
    { role: "system", content: systemPrompt(listing, persona) },
    { role: "user", content: user },
  ];
}
