import type { ChatMessage, ChatUsage } from "../../env/chat-model";
import type { SellerAction } from "../../env/seller-role/seller-action";
import type { SellerObservation } from "../../env/seller-role/seller-observation";
import { contentHash } from "../../sellers/content-hash";
import { scriptedSellerAgent } from "../../tasks/seller-role/scripted-seller-agent";

/** Where in a run a seller agent decides (the mirror of BuyerContext). */
export interface SellerAgentContext {
  seed: number;
  /** Decision index within the whole run, 0-based. */
  step: number;
}

/** One seller-agent decision plus what it cost and how it was produced. */
export interface SellerAgentAct {
  action: SellerAction;
  /** The model's reply could not be used as-is and the defined fallback was played. */
  parseError: boolean;
  /** Why the model call failed (timeout, HTTP error), when it did; the fallback played. */
  error?: string;
  usage?: ChatUsage | null;
  latencyMs?: number;
  rawText?: string;
  prompt?: ChatMessage[];
}

/**
 * An agent playing the SELLER role (what `bazaar eval --role seller` evaluates), as opposed to
 * the pinned buyers it sells to. `version` and `hash` pin what decides: a code agent's
 * parameters, or a model agent's prompt (`promptHash`).
 */
export interface SellerAgent {
  /** Stable name, e.g. "scripted-seller" or "ollama:llama3.2:3b". */
  id: string;
  version: number;
  /** Content hash of the agent's definition (code agents: its parameters; models: its prompt). */
  hash: string;
  /** "seller-agent-v1:<hash>" for model agents, null for code agents. */
  promptHash: string | null;
  act(obs: SellerObservation, ctx: SellerAgentContext): Promise<SellerAgentAct>;
}

/** The scripted seller agent's decision rule as data: what its hash pins. */
export const SCRIPTED_SELLER_PARAMS = {
  id: "scripted-seller",
  version: 1,
  accept_within_of_quote: 0.05,
  target_over_reservation: 1.1,
  concede_share_of_gap: 1 / 3,
  last_round: "accept at or above the reservation, else walk",
  source: "tasks/seller-role/scripted-seller-agent.ts",
} as const;

/** The code seller agent the goldens replay and the seller baseline measures, as an eval agent. */
export const scriptedSeller: SellerAgent = {
  id: SCRIPTED_SELLER_PARAMS.id,
  version: SCRIPTED_SELLER_PARAMS.version,
  hash: contentHash(SCRIPTED_SELLER_PARAMS),
  promptHash: null,
  act: async (obs) => {
    const action = scriptedSellerAgent(obs);
    return { action, parseError: false, rawText: JSON.stringify(action) };
  },
};

export const sellerAgentKey = (a: Pick<SellerAgent, "id" | "version">): string => `${a.id}@${a.version}`;
