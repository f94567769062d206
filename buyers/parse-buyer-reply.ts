import type { Action } from "../env/action";
import { round2 } from "../env/money";
import type { Observation } from "../env/observation";
import { currentAsk } from "./buyer-policy";

/**
 * Reading a model's reply as a buyer move (REFERENCE §8.1 with D24): drop think blocks, take
 * the first fenced block if any, slice the outermost braces, parse JSON, and validate — the
 * action must be offer/accept/walk and an offer's price a finite number in (0, budget].
 * Anything else is a parse error answered by the defined fallback offer.
 */
export type ParseFailure =
  | "empty"
  | "no_json_object"
  | "invalid_json"
  | "unknown_action"
  | "price_missing"
  | "price_not_finite"
  | "price_out_of_range";

export interface ParsedReply {
  action: Action;
  parseError: boolean;
  failure?: ParseFailure;
}

export function stripThinking(text: string): string {
  let t = text.replace(/<think>[\s\S]*?<\/think>/gi, "");
  // An unterminated think block (cut by the token limit) hides nothing usable.
  const open = t.search(/<think>/i);
  if (open >= 0) t = t.slice(0, open);
  return t.trim();
}

export function extractJsonObject(text: string): string | null {
  let t = stripThinking(text);
  const fence = /```(?:json|JSON)?\s*([\s\S]*?)(?:```|$)/.exec(t);
  const block = fence?.[1];
  if (block?.includes("{")) t = block;
  const start = t.indexOf("{");
  const end = t.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  return t.slice(start, end + 1);
}

/**
 * The move played when a reply is unusable: never a retreat and never the 30 %-of-budget
 * constant of the original (W28) — half the standing ask as an opener, otherwise a quarter of
 * the remaining gap above the buyer's own last offer, always within the budget.
 */
export const FALLBACK_IN_WORDS =
  "half the seller's standing ask as its opening offer, then a quarter of the remaining gap above its own last offer, never above the budget";

export function fallbackOffer(obs: Observation): number {
  const ask = currentAsk(obs);
  const last = obs.own_last_offer;
  const price = last === null ? 0.5 * ask : last + 0.25 * Math.max(0, ask - last);
  return round2(Math.max(0.01, Math.min(price, obs.own_private_budget)));
}

function fail(obs: Observation, failure: ParseFailure): ParsedReply {
  return { action: { type: "offer", price: fallbackOffer(obs), message: "" }, parseError: true, failure };
}

function readPrice(v: unknown): number | null | undefined {
  if (v === null || v === undefined) return v as null | undefined;
  if (typeof v === "number") return v;
  if (typeof v === "string") {
    const cleaned = v.replace(/[₹,\s]|rs\.?/gi, "");
    return cleaned === "" ? Number.NaN : Number(cleaned);
  }
  return Number.NaN;
}

export function parseBuyerReply(text: string, obs: Observation): ParsedReply {
  if (text.trim() === "") return fail(obs, "empty");
  const json = extractJsonObject(text);
  if (json === null) return fail(obs, "no_json_object");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return fail(obs, "invalid_json");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return fail(obs, "invalid_json");
  const o = value as Record<string, unknown>;
  const kind = typeof o.action === "string" ? o.action.trim().toLowerCase() : undefined;
  const message = typeof o.message === "string" ? o.message.trim() : "";
  if (kind === "accept" || kind === "walk") return { action: { type: kind, message }, parseError: false };
  if (kind !== "offer") return fail(obs, "unknown_action");
  const price = readPrice(o.price);
  if (price === null || price === undefined) return fail(obs, "price_missing");
  if (!Number.isFinite(price)) return fail(obs, "price_not_finite");
  if (price <= 0 || price > obs.own_private_budget) return fail(obs, "price_out_of_range");
  return { action: { type: "offer", price: round2(price), message }, parseError: false };
}
