import { numberMentions } from "../../env/reservation-leak";
import type { SellerMove } from "../../env/seller-policy";
import { extractJsonObject } from "./json-object";

/** A model's proposed move, before the rules guard sees it. */
export interface ProposedReply {
  action: SellerMove;
  price: number | null;
  message: string;
}

const ACTIONS: Readonly<Record<string, SellerMove>> = {
  counter: "counter",
  counteroffer: "counter",
  counter_offer: "counter",
  offer: "counter",
  accept: "accept",
  agree: "accept",
  deal: "accept",
  walk: "walk",
  reject: "walk",
  leave: "walk",
  walk_away: "walk",
};

export const MAX_MESSAGE_CHARS = 320;

function readPrice(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v !== "string") return null;
  const first = numberMentions(v)[0];
  return first === undefined ? null : first.value;
}

function readMessage(v: unknown): string {
  const text = typeof v === "string" ? v.replace(/\s+/gu, " ").trim() : "";
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 3)}...` : text;
}

/**
 * `{message, action, price}` from raw model text, or null when no usable move is in it.
 * A price without an action is read as a counter; unknown actions are unusable.
 */
export function parseSellerReply(text: string): ProposedReply | null {
  const obj = extractJsonObject(text);
  if (obj === null) return null;
  const price = readPrice(obj.price);
  const rawAction =
    typeof obj.action === "string"
      ? obj.action
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/gu, "_")
      : "";
  const action = rawAction === "" ? (price === null ? undefined : "counter") : ACTIONS[rawAction];
  if (action === undefined) return null;
  return { action, price, message: readMessage(obj.message) };
}
