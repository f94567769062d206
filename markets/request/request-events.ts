import { z } from "zod";
import { AgentId, ClientKey, Engaged, EventBase, Passed } from "../participation";

/**
 * The log of a request market (the Bazaar shape): a requester posts what it needs, at what
 * price, how many winners and the quality bar; seller agents fill or pass and submit quotes
 * with a pitch; a judge scores each; the top N earliest qualifying win at their price.
 */
export const MAX_PITCH_CHARS = 2000;

export const RequestTerms = z.object({
  item: z.object({
    name: z.string().min(1).max(120),
    kind: z.enum(["item", "service"]),
    description: z.string().max(1000),
  }),
  /** The most the requester pays one winner, in paise. */
  max_price: z.number().int().min(1),
  top_n: z.number().int().min(1).max(50),
  min_quality: z.number().int().min(1).max(10),
  criteria: z.array(z.string().min(1).max(120)).max(12),
  deadline: z.number().int().min(0),
});
export type RequestTerms = z.infer<typeof RequestTerms>;

export const RequestOpened = z.object({
  type: z.literal("request_opened"),
  ...EventBase,
  market_id: z.string().min(1).max(128),
  seed: z.number().int().min(0),
  requester: AgentId,
  terms: RequestTerms,
  /** Revisions allowed after the first submission: each one may cost a paid judge call. */
  max_revisions: z.number().int().min(0).max(10),
  /** Private: nobody learns how many could compete. */
  roster: z.array(AgentId),
});

export const Submitted = z.object({
  type: z.literal("submitted"),
  ...EventBase,
  agent: AgentId,
  client_key: ClientKey.nullable(),
  submission_id: z.string(),
  revision: z.number().int().min(0),
  price: z.number().int().min(1),
  pitch: z.string().max(MAX_PITCH_CHARS),
  /** The agent's previous live submission, which this revision replaces (and which loses its place). */
  supersedes: z.string().nullable(),
});

export const Judged = z.object({
  type: z.literal("judged"),
  ...EventBase,
  submission_id: z.string(),
  judge: z.string(),
  score: z.number().int().min(1).max(10).nullable(),
  qualified: z.boolean(),
  feedback: z.string(),
  error: z.string().nullable(),
  /** The submission had been revised before this verdict came in: recorded, never applied to the revision. */
  stale: z.boolean(),
  /** Present when the market's judge failed and the fallback (`judge`) scored instead. */
  fallback_from: z.object({ judge: z.string(), error: z.string().max(500) }).optional(),
});

export const Won = z.object({
  type: z.literal("won"),
  ...EventBase,
  agent: AgentId,
  submission_id: z.string(),
  price: z.number().int().min(1),
});

export const DeadlineReached = z.object({ type: z.literal("deadline_reached"), ...EventBase });

export const RequestClosed = z.object({
  type: z.literal("request_closed"),
  ...EventBase,
  /** filled: top_n winners; partial: fewer; timeout: none. */
  outcome: z.enum(["filled", "partial", "timeout"]),
});

export const RequestEvent = z.discriminatedUnion("type", [
  RequestOpened,
  Engaged,
  Passed,
  Submitted,
  Judged,
  Won,
  DeadlineReached,
  RequestClosed,
]);
export type RequestEvent = z.infer<typeof RequestEvent>;
export type RequestOpenedEvent = z.infer<typeof RequestOpened>;
export type SubmittedEvent = z.infer<typeof Submitted>;
export type JudgedEvent = z.infer<typeof Judged>;
export type WonEvent = z.infer<typeof Won>;
