import type { ChatModel, ChatOptions } from "../../env/chat-model";
import type { DialogueTurn } from "../../env/dialogue";
import type { ExternalSellerTurn } from "../../env/episode-step";
import { restatedLine, restatedLineExact } from "../../env/notices";
import { rngFor } from "../../env/prng";
import type { SellerPolicy, SellerRef, SellerRngs, SellerTurnInput } from "../../env/seller-policy";
import { contentHash } from "../content-hash";
import { llmTemplate, resolveSeller } from "../registry";
import { type LlmPersona, PERSONA_TELLS } from "./llm-persona";
import { type ListingFacts, turnMessages } from "./llm-prompt";
import { parseSellerReply } from "./seller-reply";

export interface LlmSellerConfig {
  persona?: LlmPersona;
  /** Template release (sellers/versions/llm-<n>.json); the latest by default. */
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

export interface LlmSeller {
  /** The sync side the engine runs every turn: the persona's rule fallback under the LLM seller's identity. */
  policy: SellerPolicy;
  /** The model's move for this turn, or the fallback's with source "fallback". Never rejects. */
  propose(input: LlmProposeInput, signal?: AbortSignal): Promise<ExternalSellerTurn>;
}

export const llmSellerId = (modelId: string, persona: LlmPersona): string =>
  `llm-${modelId}${persona === "default" ? "" : `#${persona}`}`;

/**
 * A language-model seller. It opens with its fallback persona's rule line (the engine opens
 * every episode, also on resume and rebuild, without a model); the model speaks from the
 * first counter on. The prompt carries the listing and persona only; every reply is a
 * proposal that the engine passes through the rules guard like any other seller's. A model
 * failure of any kind (error, timeout, unusable reply) makes this turn the persona's rule
 * fallback, recorded as source "fallback" on the event, so an episode never stalls.
 */
export function createLlmSeller(chat: ChatModel, cfg: LlmSellerConfig = {}): LlmSeller {
  const persona = cfg.persona ?? "default";
  const template = llmTemplate(cfg.templateVersion);
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
  const exactPrices = t.exactPrices === true;
  // A reply with no words gets the guard's plain line, in the money this release speaks.
  const wordless = exactPrices ? restatedLineExact : restatedLine;
  const policy: SellerPolicy = {
    ref,
    tellProfile: PERSONA_TELLS[persona],
    persona,
    acceptAtReservation: true,
    exactPrices,
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
      const message = reply.message === "" ? wordless(reply.action, reply.price) : reply.message;
      return { action: reply.action, price: reply.price, message, source: "external" };
    } catch {
      return fallback();
    }
  }

  return { policy, propose };
}
