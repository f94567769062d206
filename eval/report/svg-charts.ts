/** Small inline-SVG charts for the self-contained HTML report (no scripts, no network). */
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

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const n2 = (x: number): string => (Math.round(x * 100) / 100).toString();

export interface Bar {
  label: string;
  value: number;
  ci: [number, number];
}

/** Vertical bars on a 0..1 scale with 95 % CI whiskers. */
export function barChartWithCi(title: string, bars: readonly Bar[]): string {
  // Wide enough for the title as well as the bars (about 7.5 px per character at this size).
  const w = Math.max(80 + bars.length * 90, 20 + Math.ceil(title.length * 7.5));
  const h = 240;
  const top = 30;
  const plotH = 160;
  const y = (v: number): number => top + plotH * (1 - Math.max(0, Math.min(1, v)));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" role="img" aria-label="${escapeHtml(title)}">`,
    `<text x="10" y="18" class="t">${escapeHtml(title)}</text>`,
  ];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="50" x2="${w - 10}" y1="${n2(y(tick))}" y2="${n2(y(tick))}" class="grid"/>`,
      `<text x="44" y="${n2(y(tick) + 4)}" text-anchor="end" class="ax">${tick}</text>`,
    );
  }
  bars.forEach((b, i) => {
    const x = 60 + i * 90;
    const color = PALETTE[i % PALETTE.length];
    parts.push(
      `<rect x="${x}" y="${n2(y(b.value))}" width="50" height="${n2(y(0) - y(b.value))}" fill="${color}" opacity="0.8"><title>${escapeHtml(b.label)}: ${b.value.toFixed(3)} [${b.ci[0].toFixed(3)}, ${b.ci[1].toFixed(3)}]</title></rect>`,
      `<line x1="${x + 25}" x2="${x + 25}" y1="${n2(y(b.ci[0]))}" y2="${n2(y(b.ci[1]))}" class="wh"/>`,
      `<line x1="${x + 15}" x2="${x + 35}" y1="${n2(y(b.ci[0]))}" y2="${n2(y(b.ci[0]))}" class="wh"/>`,
      `<line x1="${x + 15}" x2="${x + 35}" y1="${n2(y(b.ci[1]))}" y2="${n2(y(b.ci[1]))}" class="wh"/>`,
      `<text x="${x + 25}" y="${top + plotH + 16}" text-anchor="middle" class="ax">${escapeHtml(b.label.slice(0, 14))}</text>`,
      `<text x="${x + 25}" y="${top + plotH + 30}" text-anchor="middle" class="ax">${b.value.toFixed(3)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}

export interface Series {
  label: string;
  points: ReadonlyArray<[number, number]>;
  dashed?: boolean;
  color?: string;
}

/** Line chart of several series sharing linear axes. */
export function lineChart(title: string, series: readonly Series[], xLabel: string, yLabel: string): string {
  const w = 420;
  const left = 50;
  const top = 30;
  const plotW = w - left - 20;
  const plotH = 160;
  // The legend sits under the axis label, one row per series, so it never covers a line.
  const legendTop = top + plotH + 44;
  const h = legendTop + series.length * 14;
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const ys = series.flatMap((s) => s.points.map((p) => p[1]));
  const [x0, x1] = [Math.min(0, ...xs), Math.max(1, ...xs)];
  const [y0, y1] = [Math.min(...ys, Number.POSITIVE_INFINITY), Math.max(...ys, Number.NEGATIVE_INFINITY)];
  const lo = Number.isFinite(y0) ? y0 * 0.9 : 0;
  const hi = Number.isFinite(y1) ? y1 * 1.05 : 1;
  const px = (x: number): number => left + ((x - x0) / Math.max(1e-9, x1 - x0)) * plotW;
  const py = (v: number): number => top + plotH * (1 - (v - lo) / Math.max(1e-9, hi - lo));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" role="img" aria-label="${escapeHtml(title)}">`,
    `<text x="10" y="18" class="t">${escapeHtml(title)}</text>`,
    `<line x1="${left}" x2="${left + plotW}" y1="${top + plotH}" y2="${top + plotH}" class="grid"/>`,
    `<text x="${left + plotW / 2}" y="${top + plotH + 28}" text-anchor="middle" class="ax">${escapeHtml(xLabel)}</text>`,
    `<text x="12" y="${top + plotH / 2}" class="ax" transform="rotate(-90 12 ${top + plotH / 2})" text-anchor="middle">${escapeHtml(yLabel)}</text>`,
    `<text x="${left - 4}" y="${top + 4}" text-anchor="end" class="ax">${n2(hi)}</text>`,
    `<text x="${left - 4}" y="${top + plotH}" text-anchor="end" class="ax">${n2(lo)}</text>`,
  ];
  series.forEach((s, i) => {
    const color = s.color ?? PALETTE[i % PALETTE.length];
    if (s.points.length === 0) return;
    const d = s.points.map((p, k) => `${k === 0 ? "M" : "L"}${n2(px(p[0]))},${n2(py(p[1]))}`).join(" ");
    parts.push(
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 3"' : ""}/>`,
      ...s.points.map((p) => `<circle cx="${n2(px(p[0]))}" cy="${n2(py(p[1]))}" r="3" fill="${color}"/>`),
      `<line x1="${left}" x2="${left + 18}" y1="${legendTop + i * 14 - 4}" y2="${legendTop + i * 14 - 4}" stroke="${color}" stroke-width="2"${s.dashed ? ' stroke-dasharray="5 3"' : ""}/>`,
      `<text x="${left + 24}" y="${legendTop + i * 14}" class="ax">${escapeHtml(s.label)}</text>`,
    );
  });
  parts.push("</svg>");
  return parts.join("");
}

/** Scatter with the Pareto front (lower cost, higher value) joined by a line. */
export function paretoChart(
  title: string,
  pts: ReadonlyArray<{ label: string; cost: number; value: number }>,
): string {
  const sorted = [...pts].sort((a, b) => a.cost - b.cost || b.value - a.value);
  const front: typeof sorted = [];
  for (const p of sorted)
    if (front.length === 0 || p.value > (front[front.length - 1]?.value ?? -1)) front.push(p);
  const base = lineChart(
    title,
    [{ label: "Pareto front", points: front.map((p) => [p.cost, p.value]), color: "#6b7280", dashed: true }],
    "tokens per episode",
    "mean surplus",
  );
  const w = 420;
  const left = 50;
  const plotW = w - left - 20;
  const maxCost = Math.max(1, ...pts.map((p) => p.cost));
  const labels = pts
    .map(
      (p, i) =>
        `<text x="${n2(left + (p.cost / maxCost) * plotW)}" y="${220 - i * 12}" class="ax" fill="${PALETTE[i % PALETTE.length]}">${escapeHtml(p.label)} (${p.value.toFixed(3)})</text>`,
    )
    .join("");
  return base.replace("</svg>", `${labels}</svg>`);
}
