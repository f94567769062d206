import type { HighlightResponse } from "../src/wire/highlight";
import type {
  BuyerHealthResponse,
  SellerPublicState,
  SellerResetRequest,
  SellerResetResponse,
  SellerStepRequest,
  SellerStepResponse,
} from "../src/wire/seller-role";
import { call } from "./api";

export type { SellerResetResponse, SellerStepResponse };
export type LlmBuyerHealth = BuyerHealthResponse["buyers"][number];

export interface BuyerInfo {
  key: string;
  id: string;
  version: number;
  kind: string;
  description: string;
}
export interface SellerTaskInfo {
  id: string;
  difficulty: string;
  description: string;
  buyer: string;
  /** The current version of its task; the list puts these first. */
  current: boolean;
}

const q = encodeURIComponent;

/** The seller role's calls, through the same public API (and API-key handling) as the play page. */
export const sellApi = {
  catalog: () => call<{ buyers: BuyerInfo[]; tasks: SellerTaskInfo[] }>("GET", "/buyers"),
  /** The LLM buyers this server can play, each with its backend's health. */
  llmBuyers: () => call<BuyerHealthResponse>("GET", "/buyers/health").then((r) => r.buyers),
  reset: (req: SellerResetRequest) => call<SellerResetResponse>("POST", "/reset", req),
  step: (req: SellerStepRequest) => call<SellerStepResponse>("POST", "/step", req),
  state: (sessionId: string) => call<SellerPublicState>("GET", `/state?session_id=${q(sessionId)}`),
  highlight: (message: string) => call<HighlightResponse>("POST", "/highlight", { message }),
};
