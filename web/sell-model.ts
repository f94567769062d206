import type { DialogueTurn, SellerBrief, SellerObservation, SellerRecord } from "../src/wire/env-types";
import { escapeHtml } from "./html";
import { rupees } from "./money";

/** The longest message the server takes (SellerAction.message); longer ones are refused here first, in words. */
export const MESSAGE_LIMIT = 2000;

/** What the buyer menu needs from GET /buyers and GET /health's backends. */
export interface MenuBuyer {
  key: string;
  description: string;
}
/** An LLM buyer the server can play, as GET /buyers/health names it (the key /reset takes). */
export interface MenuBackend {
  key: string;
  reachable: boolean;
  detail: string;
}

/**
 * The buyer menu: every code buyer release, then one entry per configured LLM backend with its
 * live/fallback state in the label. Without a backend the LLM entry is a disabled note; a
 * configured but unreachable one can still be picked: its fallback plays and the page says so.
 */
export function buyerMenuOptions(buyers: readonly MenuBuyer[], backends: readonly MenuBackend[]): string {
  const code = buyers.map(
    (b) => `<option value="${escapeHtml(b.key)}">${escapeHtml(`${b.key} — ${b.description}`)}</option>`,
  );
  const models = backends.map((b) => {
    const state = b.reachable ? "live" : `fallback plays: ${b.detail}`;
    return `<option value="${escapeHtml(b.key)}">${escapeHtml(`${b.key} (${state})`)}</option>`;
  });
  const llm =
    models.length > 0
      ? `<optgroup label="Language-model buyers">${models.join("")}</optgroup>`
      : `<option value="" disabled>Language-model buyers: none configured on this server</option>`;
  return `<optgroup label="Scripted buyers">${code.join("")}</optgroup>${llm}`;
}

/** The health badge of the chosen buyer: null for a scripted buyer. */
export function healthBadge(
  key: string,
  backends: readonly MenuBackend[],
  fallbackSeen: boolean,
): { text: string; live: boolean } | null {
  const b = backends.find((x) => x.key === key);
  if (b === undefined) return null;
  if (!b.reachable || fallbackSeen)
    return {
      text: "Fallback playing: the language model did not answer, a scripted move was made instead.",
      live: false,
    };
  return { text: "Live: a language model is reading your words.", live: true };
}

/**
 * Why a counter should not be sent, in words, or null when it is fine. A counter never rises
 * above the seller's own last quote (the ask before any counter), and a price at or below the
 * buyer's offer is better taken with Accept.
 */
export function counterProblem(price: number, lastQuote: number, buyerOffer: number | null): string | null {
  if (!Number.isFinite(price) || price < 0) return "Name your price first: a number of rupees, zero or more.";
  if (price > lastQuote)
    return `Your last price was ${rupees(lastQuote)}; a counter can only come down. Quote ${rupees(lastQuote)} or less.`;
  if (buyerOffer !== null && price <= buyerOffer)
    return `The buyer already offers ${rupees(buyerOffer)}: press Accept to take it, or quote more.`;
  return null;
}

export function messageProblem(text: string): string | null {
  if (text.length <= MESSAGE_LIMIT) return null;
  return `Messages are capped at ${MESSAGE_LIMIT.toLocaleString("en-IN")} characters; yours has ${text.length.toLocaleString("en-IN")}. Shorten it and send again.`;
}

/** The brief as definition-list markup (every server string escaped). */
export function briefFacts(b: SellerBrief): string {
  const rows: [string, string][] = [
    ["Item", b.item_name],
    ["Your ask", rupees(b.ask_price)],
    ["Your cost", rupees(b.cost)],
    ["Your reservation", rupees(b.reservation)],
    ["Persona to play", b.persona],
    [
      "Bonus",
      `${rupees(b.bonus.per_step)} per ${rupees(b.bonus.step)} above your reservation, up to ${rupees(b.bonus.cap)}`,
    ],
  ];
  return rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join("");
}

function moveText(t: DialogueTurn): string {
  const price = t.price === null ? "" : ` ${rupees(t.price)}`;
  if (t.speaker === "seller") {
    if (t.action === "open") return `list it at${price}`;
    if (t.action === "counter") return `come back with${price}`;
    if (t.action === "accept") return `accept${price}`;
    return "walk away";
  }
  if (t.action === "offer") return `offers${price}`;
  if (t.action === "accept") return `accepts${price === "" ? " your price" : ` at${price}`}`;
  return "walks away";
}

/** The conversation from the seller's chair: "You" are the seller; everything escaped. */
export function renderSellerChat(turns: readonly DialogueTurn[]): string {
  return turns
    .map((t) => {
      const who = t.speaker === "seller" ? "You" : "Buyer";
      const said = t.message === "" ? "" : `<p class="said">${escapeHtml(t.message)}</p>`;
      return `<li class="turn turn-${t.speaker === "seller" ? "buyer" : "seller"}"><p class="move"><span class="who">${who}</span> ${escapeHtml(moveText(t))} <span class="round">round ${t.round}</span></p>${said}</li>`;
    })
    .join("");
}

/** The end screen's words, from the server's own record (no outcome maths in the page). */
export function endSummary(
  r: SellerRecord,
  buyerBudget: number | null,
): { title: string; detail: string; facts: [string, string][] } {
  const budget: [string, string][] =
    buyerBudget === null ? [] : [["The buyer's hidden budget", rupees(buyerBudget)]];
  if (r.outcome !== "deal" || r.agreed_price === null) {
    const title = r.outcome === "expired" ? "Out of time: no sale" : "No sale";
    return {
      title,
      detail: "Nothing sold, nothing lost. Your bonus is ₹0.",
      facts: [["Bonus", rupees(0)], ...budget],
    };
  }
  const detail = r.below_reservation
    ? `Sold below your reservation, by ${rupees(-r.profit_over_reservation)}. It was allowed, and it is charged in your score.`
    : `Sold ${rupees(r.profit_over_reservation)} above your reservation.`;
  return {
    title: `Sold at ${rupees(r.agreed_price)}`,
    detail,
    facts: [
      ["Bonus", rupees(r.bonus)],
      ["Profit over reservation", rupees(r.profit_over_reservation)],
      ["Score", r.score.toFixed(2)],
      ...budget,
    ],
  };
}

/**
 * A career's progress line (sell_career_5): which deal this is and how the earlier ones went,
 * from the server's own records; null on a single sale.
 */
export function careerLine(o: Pick<SellerObservation, "career">): string | null {
  const c = o.career;
  if (c === undefined) return null;
  const past = c.past.map((r, i) =>
    r.outcome === "deal" && r.agreed_price !== null
      ? `${i + 1}: sold at ${rupees(r.agreed_price)}`
      : `${i + 1}: no sale`,
  );
  const head = `Deal ${c.episode_number} of ${c.total_episodes} with the same buyer, who remembers how fast you came down.`;
  return past.length === 0 ? head : `${head} So far: ${past.join("; ")}.`;
}

/** A fresh id for one intended move: a double click sends the same id, and the server steps once. */
export function newRequestId(): string {
  return `sell-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
