import type { DialogueTurn } from "../src/wire/env-types";
import { escapeHtml } from "./html";
import { rupees } from "./money";

export interface PricePoint {
  round: number;
  price: number;
}

export interface ChartInput {
  /** Unique per page: the SVG's title and description are referenced by id. */
  id: string;
  maxRounds: number;
  /** The buyer's budget: null while a seller-side chart must not know it (a live sale). */
  budget: number | null;
  /**
   * Whose chair the chart is drawn from (default the buyer's): the words say "your" for that
   * side. From the seller's chair its own cost and floor are no secret, the buyer's budget is.
   */
  you?: "buyer" | "seller";
  sellerAsks: readonly PricePoint[];
  buyerOffers: readonly PricePoint[];
  deal: PricePoint | null;
  /** The seller's hidden numbers, shown only once the deal is over. */
  hidden: { cost: number; reservation: number } | null;
}

/** A straight-line map from one interval onto another (a degenerate domain maps to the range's start). */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (v: number) => number {
  const span = d1 - d0;
  return (v) => (span === 0 ? r0 : r0 + ((v - d0) / span) * (r1 - r0));
}

/** Round tick values from 0 to at least `max`: steps of 1, 2, 2.5 or 5 times a power of ten. */
export function priceTicks(max: number, target = 5): number[] {
  const top = max > 0 && Number.isFinite(max) ? max : 1;
  const raw = top / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) {
    ticks.push(Math.round(v * 1e6) / 1e6);
    if (v >= top) break;
  }
  return ticks;
}

/** Seller asks (opening and counters) and buyer offers, as the dialogue recorded them. */
export function seriesFromDialogue(turns: readonly DialogueTurn[]): {
  sellerAsks: PricePoint[];
  buyerOffers: PricePoint[];
} {
  const sellerAsks: PricePoint[] = [];
  const buyerOffers: PricePoint[] = [];
  for (const t of turns) {
    if (t.price === null) continue;
    if (t.speaker === "seller" && (t.action === "open" || t.action === "counter")) {
      sellerAsks.push({ round: t.round, price: t.price });
    } else if (t.speaker === "buyer" && t.action === "offer") {
      buyerOffers.push({ round: t.round, price: t.price });
    }
  }
  return { sellerAsks, buyerOffers };
}

const W = 360;
const H = 220;
const PAD = { left: 48, right: 14, top: 14, bottom: 34 };

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

function line(points: readonly PricePoint[], x: (r: number) => number, y: (p: number) => number): string {
  return points.map((p) => `${fmt(x(p.round))},${fmt(y(p.price))}`).join(" ");
}

function dots(
  points: readonly PricePoint[],
  cls: string,
  who: string,
  x: (r: number) => number,
  y: (p: number) => number,
): string {
  return points
    .map(
      (p) =>
        `<circle class="${cls}" cx="${fmt(x(p.round))}" cy="${fmt(y(p.price))}" r="4"><title>${escapeHtml(
          `${who}, round ${p.round}: ${rupees(p.price)}`,
        )}</title></circle>`,
    )
    .join("");
}

function describe(input: ChartInput): string {
  const last = (ps: readonly PricePoint[]) => ps[ps.length - 1];
  const ask = last(input.sellerAsks);
  const offer = last(input.buyerOffers);
  const seller = input.you === "seller";
  const parts: string[] = [];
  if (input.budget !== null) {
    parts.push(
      seller ? `The buyer's budget was ${rupees(input.budget)}.` : `Your budget is ${rupees(input.budget)}.`,
    );
  }
  if (ask)
    parts.push(
      `${seller ? "Your" : "The seller's"} latest ask is ${rupees(ask.price)} (round ${ask.round}).`,
    );
  if (offer)
    parts.push(
      `${seller ? "The buyer's" : "Your"} latest offer is ${rupees(offer.price)} (round ${offer.round}).`,
    );
  if (input.deal) parts.push(`Deal struck at ${rupees(input.deal.price)}.`);
  if (input.hidden && seller) {
    parts.push(
      `Your floor is ${rupees(input.hidden.reservation)} and the item cost you ${rupees(input.hidden.cost)}.`,
    );
  } else if (input.hidden) {
    parts.push(
      `Revealed: the seller's floor was ${rupees(input.hidden.reservation)} and the item cost them ${rupees(
        input.hidden.cost,
      )}.`,
    );
  }
  return parts.join(" ");
}

/**
 * The haggle as an inline SVG: seller asks against buyer offers per round, the buyer's budget
 * as a dashed line and, once revealed, the band between the seller's cost and its floor.
 * Colours come from CSS classes so the page's stylesheet (and its CSP) governs them.
 */
export function renderPriceChart(input: ChartInput): string {
  const seller = input.you === "seller";
  const prices = [
    ...(input.budget === null ? [] : [input.budget]),
    ...input.sellerAsks.map((p) => p.price),
    ...input.buyerOffers.map((p) => p.price),
    ...(input.hidden ? [input.hidden.cost, input.hidden.reservation] : []),
  ];
  const ticks = priceTicks(Math.max(...prices) * 1.05);
  const top = ticks[ticks.length - 1] ?? 1;
  const rounds = Math.max(1, input.maxRounds);
  const x = linearScale(0, rounds, PAD.left, W - PAD.right);
  const y = linearScale(0, top, H - PAD.bottom, PAD.top);
  const id = escapeHtml(input.id);

  const out: string[] = [
    `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-title ${id}-desc" preserveAspectRatio="xMidYMid meet">`,
    `<title id="${id}-title">Prices round by round</title>`,
    `<desc id="${id}-desc">${escapeHtml(describe(input))}</desc>`,
  ];
  for (const t of ticks) {
    out.push(
      `<line class="chart-grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${fmt(y(t))}" y2="${fmt(y(t))}"/>`,
      `<text class="chart-tick" x="${PAD.left - 6}" y="${fmt(y(t) + 4)}" text-anchor="end">${escapeHtml(rupees(t))}</text>`,
    );
  }
  const step = rounds > 12 ? 2 : 1;
  for (let r = 0; r <= rounds; r += step) {
    out.push(
      `<text class="chart-tick" x="${fmt(x(r))}" y="${H - PAD.bottom + 16}" text-anchor="middle">${r}</text>`,
    );
  }
  out.push(
    `<text class="chart-axis" x="${(PAD.left + W - PAD.right) / 2}" y="${H - 4}" text-anchor="middle">round</text>`,
  );

  if (input.hidden) {
    const lo = Math.min(input.hidden.cost, input.hidden.reservation);
    const hi = Math.max(input.hidden.cost, input.hidden.reservation);
    const h = Math.max(2, y(lo) - y(hi));
    out.push(
      `<rect class="chart-band" x="${PAD.left}" y="${fmt(y(hi))}" width="${W - PAD.left - PAD.right}" height="${fmt(h)}"><title>${escapeHtml(
        `${seller ? "Your" : "Seller's hidden"} zone: cost ${rupees(input.hidden.cost)}, floor ${rupees(input.hidden.reservation)}`,
      )}</title></rect>`,
      `<line class="chart-floor" x1="${PAD.left}" x2="${W - PAD.right}" y1="${fmt(y(input.hidden.reservation))}" y2="${fmt(y(input.hidden.reservation))}"/>`,
    );
  }
  if (input.budget !== null) {
    const by = fmt(y(input.budget));
    out.push(
      `<line class="chart-budget" x1="${PAD.left}" x2="${W - PAD.right}" y1="${by}" y2="${by}"><title>${escapeHtml(
        `${seller ? "The buyer's budget" : "Your budget"}: ${rupees(input.budget)}`,
      )}</title></line>`,
    );
  }
  if (input.sellerAsks.length > 1) {
    out.push(`<polyline class="chart-seller" points="${line(input.sellerAsks, x, y)}"/>`);
  }
  if (input.buyerOffers.length > 1) {
    out.push(`<polyline class="chart-buyer" points="${line(input.buyerOffers, x, y)}"/>`);
  }
  out.push(dots(input.sellerAsks, "chart-seller-dot", seller ? "You asked" : "Seller asked", x, y));
  out.push(dots(input.buyerOffers, "chart-buyer-dot", seller ? "Buyer offered" : "You offered", x, y));
  if (input.deal) {
    const cx = x(input.deal.round);
    const cy = y(input.deal.price);
    out.push(
      `<path class="chart-deal" d="M${fmt(cx)} ${fmt(cy - 7)} L${fmt(cx + 7)} ${fmt(cy)} L${fmt(cx)} ${fmt(cy + 7)} L${fmt(cx - 7)} ${fmt(cy)} Z"><title>${escapeHtml(
        `Deal at ${rupees(input.deal.price)}`,
      )}</title></path>`,
    );
  }
  out.push("</svg>");
  return out.join("");
}
