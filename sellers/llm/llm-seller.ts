import type { ChatModel, ChatOptions } from "../../env/chat-model";
import type { DialogueTurn } from "../../env/dialogue";
import type { ExternalSellerTurn } from "../../env/episode-step";
import { restatedLine } from "../../env/notices";
import { rngFor } from "../../env/prng";
import { numberMentions } from "../../env/reservation-leak";
import type { SellerPolicy, SellerRef, SellerRngs, SellerTurnInput } from "../../env/seller-policy";
import { contentHash } from "../content-hash";
import { llmTemplate, resolveSeller } from "../registry";
import { type LlmPersona, PERSONA_TELLS } from "./llm-persona";
import { type ListingFacts, openingMessages, turnMessages } from "./llm-prompt";
import { parseOpening, parseSellerReply } from "./seller-reply";

export interface LlmSellerConfig {
  persona?: LlmPersona;
  /** Template release (sellers/versions/llm-<n>.json); 1 by default. */
  templateVersion?: number;
  /** Sampling overrides; they enter the hash, so an override is visibly not the released template. */
  temperature?: number;
  maxTokens?: number;
  /** Per-call deadline handed to the model (the resilient wrapper has its own too). */
  timeoutMs?: number;
}

/** What propose() needs beyond the engine's turn input: the conversation and, ideally, the engine's streams. */
export interface LlmProposeInput extends SellerTurnInput {
  dialogue: readonly DialogueTurn[];
  /** The engine's own streams for this round (proposeInputFor supplies them), so a fallback equals the rule turn. */
  rngs?: SellerRngs;
  listing?: { category?: string | null; description?: string };
}

export interface OpeningRequest extends ListingFacts {
  /** Said when the model gives no usable line. */
  fallbackMessage: string;
}

export interface LlmSeller {
  /** The sync side the engine runs every turn: the persona's rule fallback under the LLM seller's identity. */
  policy: SellerPolicy;
  /** The model's move for this turn, or the fallback's with source "fallback". Never rejects. */
  propose(input: LlmProposeInput, signal?: AbortSignal): Promise<ExternalSellerTurn>;
  /** An opening line from the model, or the fallback message. Never rejects. */
  opening(
    req: OpeningRequest,
    signal?: AbortSignal,
  ): Promise<{ message: string; source: "external" | "fallback" }>;
}

export const llmSellerId = (modelId: string, persona: LlmPersona): string =>
  `llm-${modelId}${persona === "default" ? "" : `#${persona}`}`;

/**
 * A language-model seller. The prompt carries the listing and persona only; every reply is a
 * proposal that the engine passes through the rules guard like any other seller's. A model
 * failure of any kind (error, timeout, unusable reply) makes this turn the persona's rule
 * fallback, recorded as source "fallback" on the event, so an episode never stalls.
 */
export function createLlmSeller(chat: ChatModel, cfg: LlmSellerConfig = {}): LlmSeller {
  const persona = cfg.persona ?? "default";
  const template = llmTemplate(cfg.templateVersion ?? 1);
  const t = template.params;
  const respondTemperature = cfg.temperature ?? t.respond.temperature;
  const respondMaxTokens = cfg.maxTokens ?? t.respond.maxTokens;
  const ref: SellerRef = {
    id: llmSellerId(chat.id, persona),
    version: template.ref.version,
    hash: contentHash({
      template: template.ref.hash,
      model: chat.id,
      persona,
      promptHash: t.promptHash,
      temperature: respondTemperature,
      maxTokens: respondMaxTokens,
      stop: t.stop,
    }),
  };
  const rule = resolveSeller(t.fallback[persona]);
  const policy: SellerPolicy = {
    ref,
    tellProfile: PERSONA_TELLS[persona],
    persona,
    acceptAtReservation: true,
    open: (setup, rngs) => rule.open(setup, rngs),
    respond: (input, rngs) => rule.respond(input, rngs),
  };
  const options = (temperature: number, maxTokens: number, signal?: AbortSignal): ChatOptions => ({
    temperature,
    topP: t.respond.topP,
    maxTokens,
    stop: [...t.stop],
    json: true,
    timeoutMs: cfg.timeoutMs,
    signal,
  });

  async function propose(input: LlmProposeInput, signal?: AbortSignal): Promise<ExternalSellerTurn> {
    const fallback = (): ExternalSellerTurn => {
      const rngs = input.rngs ?? {
        decision: rngFor(0, "seller", 0, input.round),
        phrasing: rngFor(0, "phrasing", 0, input.round),
      };
      const own = policy.respond(input, rngs);
      return { action: own.action, price: own.price, message: own.message, source: "fallback" };
    };
    const listing: ListingFacts = {
      itemName: input.itemName,
      ask: input.anchor,
      category: input.listing?.category ?? undefined,
      description: input.listing?.description,
    };
    try {
      const messages = turnMessages(
        listing,
        persona,
        {
          dialogue: input.dialogue,
          lastQuote: input.lastQuote,
          buyerMessage: input.buyerMessage,
          buyerOffer: input.buyerOffer,
        },
        t.historyTurns,
      );
      const result = await chat.chat(messages, options(respondTemperature, respondMaxTokens, signal));
      const reply = parseSellerReply(result.text);
      if (reply === null) return fallback();
      const message = reply.message === "" ? restatedLine(reply.action, reply.price) : reply.message;
      return { action: reply.action, price: reply.price, message, source: "external" };
    } catch {
      return fallback();
    }
  }

  async function opening(
    req: OpeningRequest,
    signal?: AbortSignal,
  ): Promise<{ message: string; source: "external" | "fallback" }> {
    try {
      const result = await chat.chat(
        openingMessages(req, persona),
        options(t.open.temperature, t.open.maxTokens, signal),
      );
      const message = parseOpening(result.text);
      // The opening ask is set by the economics, not the model: a line quoting another price
      // would contradict the price the buyer sees, so it is not used.
      return message === null || !quotesOnly(message, req.ask)
        ? { message: req.fallbackMessage, source: "fallback" }
        : { message, source: "external" };
    } catch {
      return { message: req.fallbackMessage, source: "fallback" };
    }
  }

  return { policy, propose, opening };
}

/** Every number in the line is the ask (in whole units or exactly). */
function quotesOnly(message: string, ask: number): boolean {
  return numberMentions(message).every((m) => Math.abs(m.value - ask) < 1);
}

/**
 * The same policy, opening with a line prepared beforehand for one item (other items, e.g.
 * later episodes of a career, keep the fallback's line). The engine's opening guard still
 * redacts a stated reservation.
 */
export function withOpening(policy: SellerPolicy, message: string, itemName: string): SellerPolicy {
  return {
    ...policy,
    open: (setup, rngs) => {
      const opened = policy.open(setup, rngs);
      return setup.itemName === itemName ? { ...opened, message } : opened;
    },
  };
}
