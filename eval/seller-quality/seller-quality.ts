import { probeLine, probePrice } from "../../buyers/probe-buyer";
import { observe } from "../../env/observe";
import type { DealOutcome } from "../../env/records";
import { leaksReservation } from "../../env/reservation-leak";
import { type RunState, stepRun } from "../../env/run";
import { sellerKey } from "../../env/seller-policy";
import { openRun } from "../../tasks/open-run";

/**
 * Seller acceptance check (REFERENCE §12.3's six criteria plus two of ours): play n
 * episodes against the deterministic probe buyer and test the seller's conduct.
 */
export interface SellerQualityOptions {
  seller: string;
  n: number;
  seed: number;
  maxRounds: number;
  task?: string;
  /** Judges which persona a transcript shows; persona consistency is "n/a" without one. */
  judgePersona?: (transcript: string, personas: readonly string[]) => Promise<string>;
  personas?: readonly string[];
}

export interface QualityEpisode {
  seed: number;
  item: string;
  outcome: DealOutcome;
  agreed_price: number | null;
  reservation: number;
  rounds: number;
  anchored_listing: boolean;
  below_reservation: boolean;
  leaked_reservation: boolean;
  zero_round_capitulation: boolean;
  counters_rose: boolean;
  guard_interventions: number;
  judged_persona: string | null;
}

export interface Criterion {
  name: string;
  value: number | null;
  target: string;
  pass: boolean | null;
}

export interface SellerQualityReport {
  seller: string;
  seller_hash: string;
  persona: string;
  task: string;
  n: number;
  seed: number;
  max_rounds: number;
  criteria: Criterion[];
  passed: number;
  applicable: number;
  episodes: QualityEpisode[];
}

export function titleTokens(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .slice(0, 8)
    .filter((t) => t.length >= 4);
}

function playProbe(run: RunState, maxRounds: number): { guard: number } {
  let guard = 0;
  let obs = observe(run.episode);
  while (!run.episode.done) {
    const turn = obs.current_round + 1;
    const action =
      turn > maxRounds
        ? { type: "walk" as const, message: "Rehne do, phir kabhi." }
        : (() => {
            const price = Math.min(probePrice(obs, maxRounds), obs.own_private_budget);
            return { type: "offer" as const, price, message: probeLine(price, turn, maxRounds) };
          })();
    const res = stepRun(run, action);
    guard += res.info.guard.length;
    obs = res.observation;
  }
  return { guard };
}

const r4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export async function runSellerQuality(o: SellerQualityOptions): Promise<SellerQualityReport> {
  const task = o.task ?? "single_deal";
  const episodes: QualityEpisode[] = [];
  let seller = { key: o.seller, hash: "", persona: "" };
  for (let i = 0; i < o.n; i++) {
    const seed = o.seed + i;
    // A one-episode task with a budget well above the asking price, so the seller — not the budget — ends the talk.
    const run = openRun(task, { seed, episodeId: `seller-quality-${seed}`, seller: o.seller });
    seller = {
      key: sellerKey(run.episode.seller),
      hash: run.episode.seller.hash,
      persona: run.episode.persona,
    };
    const { guard } = playProbe(run, o.maxRounds);
    const e = run.episode;
    const sellerTurns = e.dialogue.filter((t) => t.speaker === "seller");
    const said = sellerTurns.map((t) => t.message);
    const text = said.join(" ").toLowerCase();
    const tokens = titleTokens(e.spec.item.name);
    const category = e.spec.item.category?.toLowerCase() ?? null;
    const quotes = [e.anchor, ...e.counters];
    const rose = quotes.some((q, k) => k > 0 && q > (quotes[k - 1] as number) + 1e-9);
    const firstReply = sellerTurns[1];
    let judged: string | null = null;
    if (o.judgePersona) {
      const transcript = e.dialogue
        .slice(-12)
        .map((t) => `${t.speaker}: ${t.message}`)
        .join("\n");
      judged = await o.judgePersona(transcript, o.personas ?? [e.persona]);
    }
    episodes.push({
      seed,
      item: e.spec.item.name,
      outcome: e.outcome ?? "expired",
      agreed_price: e.agreedPrice,
      reservation: e.reservation,
      rounds: sellerTurns.length - 1,
      anchored_listing:
        tokens.some((t) => text.includes(t)) || (category !== null && text.includes(category)),
      below_reservation: e.outcome === "deal" && (e.agreedPrice ?? 0) < e.reservation,
      leaked_reservation: leaksReservation(sellerTurns, e.reservation),
      zero_round_capitulation: firstReply?.action === "accept",
      counters_rose: rose,
      guard_interventions: guard,
      judged_persona: judged,
    });
  }
  const n = Math.max(1, episodes.length);
  const count = (f: (e: QualityEpisode) => boolean): number => episodes.filter(f).length;
  const meanRounds = episodes.reduce((k, e) => k + e.rounds, 0) / n;
  const personaOk = o.judgePersona ? count((e) => e.judged_persona === seller.persona) / n : null;
  const criteria: Criterion[] = [
    {
      name: "anchored_listing",
      value: r4(count((e) => e.anchored_listing) / n),
      target: ">= 0.90",
      pass: count((e) => e.anchored_listing) / n >= 0.9,
    },
    {
      name: "never_below_reservation",
      value: count((e) => e.below_reservation),
      target: "= 0",
      pass: count((e) => e.below_reservation) === 0,
    },
    {
      name: "never_leak_reservation",
      value: count((e) => e.leaked_reservation),
      target: "= 0",
      pass: count((e) => e.leaked_reservation) === 0,
    },
    { name: "mean_rounds", value: r4(meanRounds), target: ">= 4", pass: meanRounds >= 4 },
    {
      name: "zero_round_capitulation_rate",
      value: r4(count((e) => e.zero_round_capitulation) / n),
      target: "<= 0.10",
      pass: count((e) => e.zero_round_capitulation) / n <= 0.1,
    },
    {
      name: "persona_consistency",
      value: personaOk === null ? null : r4(personaOk),
      target: ">= 0.70 (needs --judge)",
      pass: personaOk === null ? null : personaOk >= 0.7,
    },
    {
      name: "counters_never_rise",
      value: count((e) => e.counters_rose),
      target: "= 0",
      pass: count((e) => e.counters_rose) === 0,
    },
    {
      name: "guard_interventions",
      value: episodes.reduce((k, e) => k + e.guard_interventions, 0),
      target: "reported",
      pass: null,
    },
  ];
  const judgedCriteria = criteria.filter((c) => c.pass !== null);
  return {
    seller: seller.key,
    seller_hash: seller.hash,
    persona: seller.persona,
    task,
    n: episodes.length,
    seed: o.seed,
    max_rounds: o.maxRounds,
    criteria,
    passed: judgedCriteria.filter((c) => c.pass === true).length,
    applicable: judgedCriteria.length,
    episodes,
  };
}

export function formatQualityTable(r: SellerQualityReport): string {
  const head = `seller ${r.seller} (#${r.seller_hash}, persona ${r.persona}) on ${r.task}, n=${r.n}, seeds ${r.seed}..${r.seed + r.n - 1}`;
  const lines = r.criteria.map((c) => {
    const status = c.pass === null ? (c.value === null ? "n/a" : "info") : c.pass ? "PASS" : "FAIL";
    return `${c.name.padEnd(30)} ${(c.value === null ? "n/a" : String(c.value)).padStart(8)}  ${c.target.padEnd(24)} ${status}`;
  });
  return [
    head,
    `${"criterion".padEnd(30)} ${"value".padStart(8)}  ${"target".padEnd(24)} result`,
    ...lines,
    `${r.passed} of ${r.applicable} criteria pass`,
  ].join("\n");
}
