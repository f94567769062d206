// `HS=0,16 R2=0.05 npx tsx eval/tells/mlp-try.cli.ts` (HS: hidden sizes, 0 = linear alone; R2: hidden-layer step).
// Experiment (not shipped): wide & deep (linear + one hidden ReLU layer) vs linear alone, over
// tells-features/5, clause-level training, message = strongest gated clause, model-only path,
// thresholds per signal chosen by 3 inner family folds (best F1), 5 outer family folds.
import { Rng } from "../../env/prng";
import { VERBAL_SIGNALS } from "../../env/tells/cue-rules";
import { featuresFor } from "../../env/tells/feature-sets";
import { FEATURE_BITS } from "../../env/tells/text-features";
import { type CorpusRow, loadCorpus } from "./corpus/corpus-row";
import { familyFolds } from "./held-out";

const H = Number(process.env.H ?? 16);
const EPOCHS = 12,
  RATE = 0.3,
  RATE2 = Number(process.env.R2 ?? 0.05),
  L2 = 1e-5;
const S = 5,
  SIZE = 1 << FEATURE_BITS;
const fx = featuresFor("tells-features/5");
const gate = fx.concepts.mask(fx.set.conditionLicence);
interface Clause {
  b: Int32Array;
  v: Float64Array;
  y: number[];
  mask: number;
}
const cache = new Map<string, Clause[]>();
function clausesOf(r: CorpusRow): Clause[] {
  const hit = cache.get(r.id);
  if (hit) return hit;
  const f = fx.extract(r.text);
  const per = Array.from({ length: f.clauses }, () => new Map<number, number>());
  f.buckets.forEach((b, k) => {
    const m = per[f.clauseOf[f.from[k]!]!]!;
    m.set(b, (m.get(b) ?? 0) + f.values[k]!);
  });
  const out = per.map((m, c) => {
    const first = f.tokens[f.clauseOf.indexOf(c)]!,
      last = f.tokens[f.clauseOf.lastIndexOf(c)]!;
    const inside = new Set(
      r.spans.filter((s) => s.start < last.end && first.start < s.end).map((s) => s.signal),
    );
    const keys = [...m.keys()].sort((a, b) => a - b);
    return {
      b: Int32Array.from(keys),
      v: Float64Array.from(keys.map((k) => m.get(k)!)),
      y: VERBAL_SIGNALS.map((s) => (inside.has(s) ? 1 : 0)),
      mask: f.clauseConcepts[c] ?? 0,
    };
  });
  cache.set(r.id, out);
  return out;
}
interface Model {
  w: Float64Array[];
  bias: Float64Array;
  W1: Float64Array;
  b1: Float64Array;
  W2: Float64Array;
}
function train(rows: readonly CorpusRow[], hidden: number): Model {
  const ex = rows.flatMap(clausesOf);
  const rng = new Rng(7);
  const w = Array.from({ length: S }, () => new Float64Array(SIZE)),
    g2 = Array.from({ length: S }, () => new Float64Array(SIZE).fill(1e-8));
  const bias = new Float64Array(S),
    bg = new Float64Array(S).fill(1e-8);
  const W1 = new Float64Array(SIZE * hidden),
    G1 = new Float64Array(SIZE * hidden).fill(1e-8);
  for (let i = 0; i < W1.length; i++) W1[i] = (rng.next() - 0.5) * 0.02;
  const b1 = new Float64Array(hidden),
    gb1 = new Float64Array(hidden).fill(1e-8);
  const W2 = new Float64Array(hidden * S),
    G2 = new Float64Array(hidden * S).fill(1e-8);
  for (let i = 0; i < W2.length; i++) W2[i] = (rng.next() - 0.5) * 0.2;
  const avg = {
    w: Array.from({ length: S }, () => new Float64Array(SIZE)),
    bias: new Float64Array(S),
    W1: new Float64Array(SIZE * hidden),
    b1: new Float64Array(hidden),
    W2: new Float64Array(hidden * S),
  };
  const averaged = EPOCHS - Math.floor(EPOCHS / 2);
  const order = ex.map((_, i) => i);
  const h = new Float64Array(hidden),
    dh = new Float64Array(hidden);
  for (let e = 0; e < EPOCHS; e++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const x = ex[idx]!;
      for (let j = 0; j < hidden; j++) {
        let z = b1[j]!;
        for (let k = 0; k < x.b.length; k++) z += W1[x.b[k]! * hidden + j]! * x.v[k]!;
        h[j] = z > 0 ? z : 0;
      }
      dh.fill(0);
      for (let s = 0; s < S; s++) {
        const ws = w[s]!,
          gs = g2[s]!;
        let z = bias[s]!;
        for (let k = 0; k < x.b.length; k++) z += ws[x.b[k]!]! * x.v[k]!;
        for (let j = 0; j < hidden; j++) z += W2[j * S + s]! * h[j]!;
        const err = 1 / (1 + Math.exp(-z)) - x.y[s]!;
        for (let k = 0; k < x.b.length; k++) {
          const b = x.b[k]!;
          const gr = err * x.v[k]! + L2 * ws[b]!;
          gs[b] = gs[b]! + gr * gr;
          ws[b] = ws[b]! - (RATE * gr) / Math.sqrt(gs[b]!);
        }
        bg[s] = bg[s]! + err * err;
        bias[s] = (bias[s] as number) - (RATE * err) / Math.sqrt(bg[s]!);
        for (let j = 0; j < hidden; j++) {
          const i2 = j * S + s;
          dh[j] = (dh[j] as number) + err * W2[i2]!;
          const gr = err * h[j]!;
          G2[i2] = (G2[i2] as number) + gr * gr;
          W2[i2] = (W2[i2] as number) - (RATE2 * gr) / Math.sqrt(G2[i2]!);
        }
      }
      for (let j = 0; j < hidden; j++) {
        if (h[j]! <= 0) continue;
        const d = dh[j]!;
        gb1[j] = (gb1[j] as number) + d * d;
        b1[j] = (b1[j] as number) - (RATE2 * d) / Math.sqrt(gb1[j]!);
        for (let k = 0; k < x.b.length; k++) {
          const i1 = x.b[k]! * hidden + j;
          const gr = d * x.v[k]! + L2 * W1[i1]!;
          G1[i1] = (G1[i1] as number) + gr * gr;
          W1[i1] = (W1[i1] as number) - (RATE2 * gr) / Math.sqrt(G1[i1]!);
        }
      }
    }
    if (e >= EPOCHS - averaged) {
      for (let s = 0; s < S; s++) {
        const a = avg.w[s]!,
          ws = w[s]!;
        for (let b = 0; b < SIZE; b++) a[b] = (a[b] as number) + ws[b]! / averaged;
        avg.bias[s] = (avg.bias[s] as number) + bias[s]! / averaged;
      }
      for (let i = 0; i < W1.length; i++) avg.W1[i] = (avg.W1[i] as number) + W1[i]! / averaged;
      for (let i = 0; i < hidden; i++) avg.b1[i] = (avg.b1[i] as number) + b1[i]! / averaged;
      for (let i = 0; i < W2.length; i++) avg.W2[i] = (avg.W2[i] as number) + W2[i]! / averaged;
    }
  }
  return avg;
}
function readProb(m: Model, hidden: number, r: CorpusRow): number[] {
  const cl = clausesOf(r);
  const best = new Array(S).fill(0);
  const h = new Float64Array(hidden);
  for (const x of cl) {
    for (let j = 0; j < hidden; j++) {
      let z = m.b1[j]!;
      for (let k = 0; k < x.b.length; k++) z += m.W1[x.b[k]! * hidden + j]! * x.v[k]!;
      h[j] = z > 0 ? z : 0;
    }
    for (let s = 0; s < S; s++) {
      if (s === 4 && (x.mask & gate) === 0) continue;
      let z = m.bias[s]!;
      for (let k = 0; k < x.b.length; k++) z += m.w[s]![x.b[k]!]! * x.v[k]!;
      for (let j = 0; j < hidden; j++) z += m.W2[j * S + s]! * h[j]!;
      const p = 1 / (1 + Math.exp(-z));
      if (p > best[s]) best[s] = p;
    }
  }
  return best;
}
const CANDS = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];
function f1(tp: number, fp: number, fn: number) {
  return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}
function thresholds(rows: readonly CorpusRow[], hidden: number): number[] {
  const folds = familyFolds(rows, 3);
  const seen: { g: boolean[]; p: number[] }[] = [];
  for (let k = 0; k < 3; k++) {
    const m = train(
      rows.filter((r) => folds.get(r.family) !== k),
      hidden,
    );
    for (const r of rows.filter((r) => folds.get(r.family) === k))
      seen.push({
        g: VERBAL_SIGNALS.map((s) => r.spans.some((x) => x.signal === s)),
        p: readProb(m, hidden, r),
      });
  }
  return VERBAL_SIGNALS.map((_, s) => {
    let best = [-1, 0.5];
    for (const t of CANDS) {
      let tp = 0,
        fp = 0,
        fn = 0;
      for (const x of seen) {
        const pr = x.p[s]! >= t;
        if (pr && x.g[s]) tp++;
        else if (pr) fp++;
        else if (x.g[s]) fn++;
      }
      const f = f1(tp, fp, fn);
      if (f > best[0]!) best = [f, t];
    }
    return best[1]!;
  });
}
const rows = loadCorpus();
const folds = familyFolds(rows, 5);
for (const hidden of (process.env.HS ?? "0,16").split(",").map(Number)) {
  const c = VERBAL_SIGNALS.map(() => ({ tp: 0, fp: 0, fn: 0 }));
  const t0 = Date.now();
  for (let k = 0; k < 5; k++) {
    const tr = rows.filter((r) => folds.get(r.family) !== k);
    const th = thresholds(tr, hidden);
    const m = train(tr, hidden);
    for (const r of rows.filter((r) => folds.get(r.family) === k)) {
      const p = readProb(m, hidden, r);
      VERBAL_SIGNALS.forEach((s, i) => {
        const g = r.spans.some((x) => x.signal === s),
          pr = p[i]! >= th[i]!;
        if (pr && g) c[i]!.tp++;
        else if (pr) c[i]!.fp++;
        else if (g) c[i]!.fn++;
      });
    }
  }
  const per = c.map((x) => f1(x.tp, x.fp, x.fn));
  console.log(
    `hidden ${hidden}: macro F1 ${(per.reduce((a, b) => a + b, 0) / S).toFixed(4)}  ` +
      c
        .map(
          (x, i) =>
            `${VERBAL_SIGNALS[i]} ${(x.tp / (x.tp + x.fp)).toFixed(3)}/${(x.tp / (x.tp + x.fn)).toFixed(3)}`,
        )
        .join("  ") +
      `  (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
