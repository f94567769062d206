import { niceTicks, roundTicks, tickLabel } from "./axis-ticks";

/**
 * Small inline-SVG charts for the self-contained HTML report (no scripts, no network). Titles
 * live in the page's HTML (they wrap instead of being cut); each SVG carries only the plot, its
 * axes and tick labels, sized by a viewBox so it scales to its grid cell.
 */
export const PALETTE = [
  "#2563eb",
  "#dc2626",
  "#16a34a",
  "#9333ea",
  "#ea580c",
  "#0891b2",
  "#4d7c0f",
  "#be185d",
];
export const OFFER_COLOR = "#2563eb";
export const ASK_COLOR = "#dc2626";
export const BUDGET_COLOR = "#16a34a";
export const COST_COLOR = "#6b7280";

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const n2 = (x: number): string => (Math.round(x * 100) / 100).toString();
// About 6.6 px per character of the 11 px axis font: label columns are sized from their text.
const textWidth = (s: string): number => Math.ceil(s.length * 6.6);

const svgOpen = (w: number, h: number, label: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeHtml(label)}"><title>${escapeHtml(label)}</title>`;

export interface Bar {
  label: string;
  value: number;
  ci: [number, number];
  /** Drawn grey and marked "!": the fallback, not the buyer, made most of the moves. */
  warn?: boolean;
}

/** Horizontal bars on a 0..1 scale with 95 % CI whiskers; every label is shown in full. */
export function barChartWithCi(label: string, bars: readonly Bar[]): string {
  const names = bars.map((b) => (b.warn ? `! ${b.label}` : b.label));
  const left = Math.max(60, ...names.map(textWidth)) + 12;
  const plotW = 240;
  const right = 56;
  const rowH = 24;
  const top = 8;
  const w = left + plotW + right;
  const h = top + bars.length * rowH + 30;
  const x = (v: number): number => left + plotW * Math.max(0, Math.min(1, v));
  const axisY = top + bars.length * rowH;
  const parts = [svgOpen(w, h, label)];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${n2(x(t))}" x2="${n2(x(t))}" y1="${top}" y2="${axisY}" class="grid"/>`,
      `<text x="${n2(x(t))}" y="${axisY + 14}" text-anchor="middle" class="ax">${t}</text>`,
    );
  }
  parts.push(
    `<text x="${n2(x(0.5))}" y="${axisY + 27}" text-anchor="middle" class="ax">normalized surplus</text>`,
  );
  bars.forEach((b, i) => {
    const y = top + i * rowH;
    const mid = y + rowH / 2;
    const color = b.warn ? "#9ca3af" : PALETTE[i % PALETTE.length];
    parts.push(
      `<text x="${left - 8}" y="${n2(mid + 4)}" text-anchor="end" class="ax">${escapeHtml(names[i] as string)}</text>`,
      `<rect x="${left}" y="${y + 5}" width="${n2(x(b.value) - left)}" height="${rowH - 10}" fill="${color}" opacity="0.85"><title>${escapeHtml(b.label)}: ${b.value.toFixed(3)} [${b.ci[0].toFixed(3)}, ${b.ci[1].toFixed(3)}]</title></rect>`,
      `<line x1="${n2(x(b.ci[0]))}" x2="${n2(x(b.ci[1]))}" y1="${mid}" y2="${mid}" class="wh"/>`,
      `<line x1="${n2(x(b.ci[0]))}" x2="${n2(x(b.ci[0]))}" y1="${mid - 5}" y2="${mid + 5}" class="wh"/>`,
      `<line x1="${n2(x(b.ci[1]))}" x2="${n2(x(b.ci[1]))}" y1="${mid - 5}" y2="${mid + 5}" class="wh"/>`,
      `<text x="${left + plotW + 6}" y="${n2(mid + 4)}" class="ax">${b.value.toFixed(3)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}

export interface PricePath {
  /** The buyer's offers by round. */
  offers: ReadonlyArray<[number, number]>;
  /** The seller's asks by round, from the opening (round 0). */
  asks: ReadonlyArray<[number, number]>;
  deal: { round: number; price: number } | null;
  budget: number | null;
  cost: number | null;
}

export interface PriceScale {
  maxRound: number;
  /** Price ticks shared by every chart of one task, so small multiples compare by eye. */
  yTicks: number[];
}

/** The shared scale for a task's small multiples: every round, and prices with round ticks. */
export function priceScale(paths: readonly PricePath[], maxRound: number): PriceScale {
  const ys = paths.flatMap((p) => [
    ...p.offers.map((o) => o[1]),
    ...p.asks.map((a) => a[1]),
    ...(p.budget === null ? [] : [p.budget]),
    ...(p.cost === null ? [] : [p.cost]),
  ]);
  const lo = ys.length === 0 ? 0 : Math.min(...ys);
  const hi = ys.length === 0 ? 1 : Math.max(...ys);
  return { maxRound, yTicks: niceTicks(lo, hi, 5) };
}

/** One buyer's sample episode: offers (solid), asks (dashed), budget and seller cost, the deal. */
export function priceChart(label: string, p: PricePath, scale: PriceScale): string {
  const yLabels = scale.yTicks.map((t) => tickLabel(t, scale.yTicks));
  const left = Math.max(...yLabels.map(textWidth)) + 10;
  const top = 8;
  const plotW = 300 - left - 10;
  const plotH = 150;
  const w = 300;
  const h = top + plotH + 34;
  const xTicks = roundTicks(scale.maxRound);
  const xMax = xTicks[xTicks.length - 1] as number;
  const y0 = scale.yTicks[0] as number;
  const y1 = scale.yTicks[scale.yTicks.length - 1] as number;
  const px = (r: number): number => left + (r / xMax) * plotW;
  const py = (v: number): number => top + plotH * (1 - (v - y0) / Math.max(1e-9, y1 - y0));
  const parts = [svgOpen(w, h, label)];
  scale.yTicks.forEach((t, i) => {
    parts.push(
      `<line x1="${left}" x2="${left + plotW}" y1="${n2(py(t))}" y2="${n2(py(t))}" class="grid"/>`,
      `<text x="${left - 5}" y="${n2(py(t) + 4)}" text-anchor="end" class="ax">${yLabels[i]}</text>`,
    );
  });
  for (const r of xTicks) {
    parts.push(
      `<line x1="${n2(px(r))}" x2="${n2(px(r))}" y1="${top + plotH}" y2="${top + plotH + 4}" class="axis"/>`,
      `<text x="${n2(px(r))}" y="${top + plotH + 16}" text-anchor="middle" class="ax">${r}</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" x2="${left + plotW}" y1="${top + plotH}" y2="${top + plotH}" class="axis"/>`,
    `<text x="${left + plotW / 2}" y="${top + plotH + 30}" text-anchor="middle" class="ax">round</text>`,
  );
  const hline = (v: number | null, color: string, dash: string, name: string) =>
    v === null
      ? ""
      : `<line x1="${left}" x2="${left + plotW}" y1="${n2(py(v))}" y2="${n2(py(v))}" stroke="${color}" stroke-width="1.5" stroke-dasharray="${dash}"><title>${name}</title></line>`;
  parts.push(
    hline(p.budget, BUDGET_COLOR, "2 3", "buyer's budget"),
    hline(p.cost, COST_COLOR, "1 0", "seller's cost"),
  );
  const path = (pts: ReadonlyArray<[number, number]>, color: string, dashed: boolean) =>
    pts.length === 0
      ? ""
      : `<path d="${pts.map((q, k) => `${k === 0 ? "M" : "L"}${n2(px(q[0]))},${n2(py(q[1]))}`).join(" ")}" fill="none" stroke="${color}" stroke-width="2"${dashed ? ' stroke-dasharray="5 3"' : ""}/>${pts.map((q) => `<circle cx="${n2(px(q[0]))}" cy="${n2(py(q[1]))}" r="2.5" fill="${color}"/>`).join("")}`;
  parts.push(path(p.asks, ASK_COLOR, true), path(p.offers, OFFER_COLOR, false));
  if (p.deal !== null) {
    const cx = px(p.deal.round);
    const cy = py(p.deal.price);
    parts.push(
      `<path d="M${n2(cx)},${n2(cy - 6)} L${n2(cx + 6)},${n2(cy)} L${n2(cx)},${n2(cy + 6)} L${n2(cx - 6)},${n2(cy)} Z" fill="#f59e0b" stroke="#111"><title>deal</title></path>`,
    );
  }
  parts.push("</svg>");
  return parts.join("");
}

/** The key for price charts, drawn once per section instead of inside every plot. */
export function priceLegend(): string {
  const key = (svg: string, text: string) =>
    `<span class="key"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 22 10" width="22" height="10" aria-hidden="true">${svg}</svg>${text}</span>`;
  return [
    key(`<line x1="0" x2="22" y1="5" y2="5" stroke="${OFFER_COLOR}" stroke-width="2"/>`, "buyer offers"),
    key(
      `<line x1="0" x2="22" y1="5" y2="5" stroke="${ASK_COLOR}" stroke-width="2" stroke-dasharray="5 3"/>`,
      "seller asks",
    ),
    key(
      `<line x1="0" x2="22" y1="5" y2="5" stroke="${BUDGET_COLOR}" stroke-width="1.5" stroke-dasharray="2 3"/>`,
      "buyer's budget",
    ),
    key(`<line x1="0" x2="22" y1="5" y2="5" stroke="${COST_COLOR}" stroke-width="1.5"/>`, "seller's cost"),
    key(`<path d="M11,0 L16,5 L11,10 L6,5 Z" fill="#f59e0b" stroke="#111"/>`, "deal"),
  ].join("");
}

export interface ParetoAxes {
  /** The x axis's caption. */
  xLabel: string;
  /** Whether less x is better (a cost) or more (a volume); y is always more-is-better on 0..1. */
  xBetter: "low" | "high";
}

const COST_AXES: ParetoAxes = { xLabel: "tokens per episode", xBetter: "low" };

/**
 * One labelled point per agent, the Pareto front joined: by default cost (tokens per
 * episode, less is better) against surplus; `axes` names another x, e.g. a market share.
 */
export function paretoChart(
  label: string,
  pts: ReadonlyArray<{ label: string; cost: number; value: number }>,
  axes: ParetoAxes = COST_AXES,
): string {
  const better = axes.xBetter === "low" ? 1 : -1;
  const sorted = [...pts].sort((a, b) => better * (a.cost - b.cost) || b.value - a.value);
  const front: typeof sorted = [];
  for (const p of sorted)
    if (front.length === 0 || p.value > (front[front.length - 1]?.value ?? -1)) front.push(p);
  const xTicks = niceTicks(0, Math.max(1, ...pts.map((p) => p.cost)), 5);
  const yTicks = [0, 0.25, 0.5, 0.75, 1];
  const left = 40;
  const top = 10;
  const plotW = 300;
  const plotH = 170;
  const labelsW = Math.max(0, ...pts.map((p) => textWidth(`${p.label} (${p.value.toFixed(3)})`)));
  const w = left + plotW + Math.min(labelsW, 220) + 10;
  const h = top + plotH + 36;
  const xMax = xTicks[xTicks.length - 1] as number;
  const px = (v: number): number => left + (v / xMax) * plotW;
  const py = (v: number): number => top + plotH * (1 - Math.max(0, Math.min(1, v)));
  const parts = [svgOpen(w, h, label)];
  for (const t of yTicks)
    parts.push(
      `<line x1="${left}" x2="${left + plotW}" y1="${n2(py(t))}" y2="${n2(py(t))}" class="grid"/>`,
      `<text x="${left - 5}" y="${n2(py(t) + 4)}" text-anchor="end" class="ax">${t}</text>`,
    );
  for (const t of xTicks)
    parts.push(
      `<text x="${n2(px(t))}" y="${top + plotH + 16}" text-anchor="middle" class="ax">${tickLabel(t, xTicks)}</text>`,
    );
  parts.push(
    `<line x1="${left}" x2="${left + plotW}" y1="${top + plotH}" y2="${top + plotH}" class="axis"/>`,
    `<text x="${left + plotW / 2}" y="${top + plotH + 31}" text-anchor="middle" class="ax">${escapeHtml(axes.xLabel)}</text>`,
    `<path d="${front.map((p, k) => `${k === 0 ? "M" : "L"}${n2(px(p.cost))},${n2(py(p.value))}`).join(" ")}" fill="none" stroke="#6b7280" stroke-width="1.5" stroke-dasharray="5 3"><title>Pareto front</title></path>`,
  );
  pts.forEach((p, i) => {
    const color = PALETTE[i % PALETTE.length];
    parts.push(
      `<circle cx="${n2(px(p.cost))}" cy="${n2(py(p.value))}" r="4" fill="${color}"/>`,
      `<text x="${n2(px(p.cost) + 7)}" y="${n2(py(p.value) + 4)}" class="ax" fill="${color}">${escapeHtml(p.label)} (${p.value.toFixed(3)})</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}
