/**
 * Wire types, inferred from the server's own zod schemas (src/wire, markets/views). Imports are
 * type-only: the SDK carries no zod and no server code at run time.
 */
import type { z } from "zod";
import type { Action } from "../../env/action";
import type { Observation } from "../../env/observation";
import type { AgentAction } from "../../markets/commands";
import type { PassReason } from "../../markets/participation";
import type {
  ListingAgentView,
  MarketView,
  PublicView,
  RequestAgentView,
  RequesterView,
  TapeEntry,
} from "../../markets/views";
import type {
  ActReply,
  InboxItem,
  InboxReply,
  OpenListingBody,
  OpenRequestBody,
  PnlReply,
  PublicRatingsReply,
  RegisterAgentReply,
  TapeItem,
} from "../../src/wire/exchange";
import type { ResetRequest } from "../../src/wire/reset";

export type {
  Action,
  ActReply,
  AgentAction,
  InboxItem,
  InboxReply,
  ListingAgentView,
  MarketView,
  Observation,
  PassReason,
  PnlReply,
  PublicRatingsReply,
  PublicView,
  RegisterAgentReply,
  RequestAgentView,
  RequesterView,
  TapeEntry,
  TapeItem,
};

export type OpenRequest = z.input<typeof OpenRequestBody>;
export type OpenListing = z.input<typeof OpenListingBody>;
export type ResetOptions = z.input<typeof ResetRequest>;

/** What /reset and /step answer (the OpenEnv shape). */
export interface StepResult {
  session_id: string;
  episode_id: string;
  observation: Observation;
  reward: number | null;
  done: boolean;
  terminated: boolean;
  truncated: boolean;
  info: Record<string, unknown>;
}

/** A refused call: the HTTP status and the server's error code and message. */
export class BazaarError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "BazaarError";
  }
}
