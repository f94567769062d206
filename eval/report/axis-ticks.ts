/**
 * Axis ticks a person reads at a glance: steps of 1, 2 or 5 × 10^k, the first at or below the
 * data and the last at or above it, so an axis never ends on a padded value like 7348.95.
 */
export function niceTicks(lo: number, hi: number, target = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
  if (hi < lo) [lo, hi] = [hi, lo];
  if (hi === lo) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    return niceTicks(lo - pad, hi + pad, target);
  }
  const raw = (hi - lo) / Math.max(1, target - 1);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * mag >= raw) ?? 10) * mag;
  const first = Math.floor(lo / step + 1e-9) * step;
  const out: number[] = [];
  for (let v = first; v <= hi + step * 1e-9 || out.length < 2; v += step) out.push(roundTo(v, step));
  const last = out[out.length - 1] as number;
  if (last < hi - step * 1e-9) out.push(roundTo(last + step, step));
  return out;
}

const decimalsOf = (step: number): number => Math.max(0, -Math.floor(Math.log10(step) + 1e-9));

function roundTo(v: number, step: number): number {
  const d = decimalsOf(step);
  return Number(v.toFixed(d));
}

/** A tick label with just the decimals its step needs and thousands separators. */
export function tickLabel(v: number, ticks: readonly number[]): string {
  const step = ticks.length > 1 ? Math.abs((ticks[1] as number) - (ticks[0] as number)) : 1;
  const d = step > 0 ? decimalsOf(step) : 0;
  return v.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** Every round when there are few, else every second or fifth, always from 0 to the last. */
export function roundTicks(maxRound: number): number[] {
  const last = Math.max(1, Math.ceil(maxRound));
  const every = last <= 12 ? 1 : last <= 24 ? 2 : 5;
  const out: number[] = [];
  for (let r = 0; r <= last; r += every) out.push(r);
  if (out[out.length - 1] !== last) out.push(last);
  return out;
}
