import type { BuyerPolicy } from "../../buyers/buyer-policy";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { mean, pairedBootstrapCi } from "../../env/bootstrap";
import { ENGINE_VERSION } from "../../env/engine-version";
import { round4 } from "../../env/money";
import { inProcessSessions } from "../harness/in-process-session";
import { memoryStore } from "../harness/memory-store";
import { runEval } from "../harness/run-eval";
import type { UnitResult } from "../harness/unit-result";
import { spearman } from "../metrics/spearman";
import { FLOOR_SPECS, SCRIPTED_SPECS, taskOracle } from "./game-buyers";
import { fieldOf } from "./market-field";
import { marketReader } from "./market-reader";

/** The numbers issue #11 asks of every v2 task (see docs/game.md). */
export const BARS = { headroom: 0.15, floorMax: 0.5, spearman: 0.8 } as const;
/** The tells tasks of every game version that has them (a run measures those it plays). */
export const TELLS_TASKS: readonly string[] = [
  "read_the_tells@2",
  "deceptive_seller@2",
  "read_the_tells@3",
  "deceptive_seller@3",
];
export const TELLS_BUYER = "param:tells-reader";
/** The buyer whose market-reading twin (eval/game/market-reader.ts) measures what the market section is worth. */
export const MARKET_BUYER = "param:tells-reader";

export interface GamePlan {
  tasks: readonly string[];
  seeds: readonly number[];
  gitCommit: string;
  onProgress?: (message: string) => void;
}

export interface Cell {
  buyer: string;
  mean: number;
  std: number;
  fraction_of_oracle: number;
  zero_variance: boolean;
}

export interface TaskReport {
  task: string;
  seller: string;
  /** Market tasks: the rival field, "id@version+hash" (null on single-buyer tasks). */
  field: string | null;
  oracle: number;
  cells: Cell[];
  best_scripted: { buyer: string; mean: number };
  headroom: number;
  floor_max: number;
  spearman: number;
}

export interface TellsReport {
  task: string;
  buyer: string;
  tells_on: number;
  tells_off: number;
  diff: number;
  ci: [number, number];
}

/** Market tasks: the same buyer reading the market section vs ignoring it, paired by seed. */
export interface MarketReport {
  task: string;
  buyer: string;
  reading: number;
  ignoring: number;
  diff: number;
  ci: [number, number];
}

export interface Bar {
  value: number;
  pass: boolean;
}

export interface GameReport {
  engine_version: string;
  git_commit: string;
  seeds: number;
  tasks: TaskReport[];
  tells: TellsReport[];
  market: MarketReport[];
  bars: {
    zero_variance_cells: Bar;
    headroom_min: Bar;
    floor_max: Bar;
    spearman_min: Bar;
    tells_ci_lo_min: Bar;
    market_ci_lo_min: Bar;
  };
}

function std(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(mean(xs.map((x) => (x - m) ** 2)));
}

// Rewards are 4-decimal numbers; their float sum is rounded back to that grid so that float noise
// (0.1 + 0.2 − 0.3 ≠ 0) never orders episodes whose returns are equal.
const shapedReturn = (u: UnitResult): number => round4(u.steps.reduce((s, x) => s + x.reward, 0));

async function play(
  buyers: readonly BuyerPolicy[],
  task: string,
  plan: GamePlan,
  tells: boolean,
): Promise<UnitResult[]> {
  const out = await runEval(
    { runId: `game-${task}-${tells ? "on" : "off"}`, buyers, tasks: [task], seeds: plan.seeds, tells },
    {
      sessions: inProcessSessions,
      transport: "in-process",
      gitCommit: plan.gitCommit,
      concurrency: 1,
      store: memoryStore(),
    },
  );
  return out.units;
}

const scoresOf = (units: readonly UnitResult[], buyer: string): number[] =>
  units
    .filter((u) => u.buyer_id === buyer)
    .sort((a, b) => a.seed - b.seed)
    .map((u) => u.score);

async function taskReport(task: string, plan: GamePlan): Promise<TaskReport> {
  plan.onProgress?.(`${task}: scripted buyers`);
  const units = await play(
    SCRIPTED_SPECS.map((s) => buyerFromSpec(s)),
    task,
    plan,
    true,
  );
  plan.onProgress?.(`${task}: oracle`);
  const oracleUnits = await play([taskOracle(task)], task, plan, true);
  const oracle = mean(oracleUnits.map((u) => u.score));
  const cell = (buyer: string, scores: number[]): Cell => ({
    buyer,
    mean: round4(mean(scores)),
    std: round4(std(scores)),
    fraction_of_oracle: oracle > 0 ? round4(mean(scores) / oracle) : 0,
    zero_variance: scores.every((s) => s === scores[0]),
  });
  const cells = SCRIPTED_SPECS.map((b) => cell(b, scoresOf(units, b)));
  const best = cells.reduce((a, b) => (b.mean > a.mean ? b : a));
  const first = units[0] as UnitResult;
  return {
    task,
    seller: `${first.seller_key}+${first.seller.hash}`,
    field: fieldOf(task),
    oracle: round4(oracle),
    cells: [
      ...cells,
      cell(
        "oracle",
        oracleUnits.map((u) => u.score),
      ),
    ],
    best_scripted: { buyer: best.buyer, mean: best.mean },
    headroom: round4(oracle - best.mean),
    floor_max: Math.max(...cells.filter((c) => FLOOR_SPECS.includes(c.buyer)).map((c) => c.mean)),
    spearman: round4(
      spearman(
        units.map(shapedReturn),
        units.map((u) => u.score),
      ),
    ),
  };
}

/** Means of paired score lists (same seeds) and the bootstrap CI of the difference `b − a`. */
function paired(a: number[], b: number[]): { a: number; b: number; diff: number; ci: [number, number] } {
  const d = pairedBootstrapCi(a, b, { seed: 11 });
  return {
    a: round4(mean(a)),
    b: round4(mean(b)),
    diff: round4(d.meanDiff),
    ci: [round4(d.ci[0]), round4(d.ci[1])],
  };
}

async function tellsReport(task: string, plan: GamePlan): Promise<TellsReport> {
  plan.onProgress?.(`${task}: tells on/off`);
  const on = scoresOf(await play([buyerFromSpec(TELLS_BUYER)], task, plan, true), TELLS_BUYER);
  const off = scoresOf(await play([buyerFromSpec(TELLS_BUYER)], task, plan, false), TELLS_BUYER);
  const p = paired(off, on);
  return { task, buyer: TELLS_BUYER, tells_on: p.b, tells_off: p.a, diff: p.diff, ci: p.ci };
}

async function marketReport(task: string, plan: GamePlan): Promise<MarketReport> {
  plan.onProgress?.(`${task}: market section read / ignored`);
  const reader = marketReader(buyerFromSpec(MARKET_BUYER));
  const ignoring = scoresOf(await play([buyerFromSpec(MARKET_BUYER)], task, plan, true), MARKET_BUYER);
  const reading = scoresOf(await play([reader], task, plan, true), reader.id);
  const p = paired(ignoring, reading);
  return { task, buyer: MARKET_BUYER, reading: p.b, ignoring: p.a, diff: p.diff, ci: p.ci };
}

/** Play every task × scripted buyer × seed plus the oracle, and check every bar. */
export async function runGameBars(plan: GamePlan): Promise<GameReport> {
  const tasks: TaskReport[] = [];
  for (const t of plan.tasks) tasks.push(await taskReport(t, plan));
  const tells: TellsReport[] = [];
  for (const t of TELLS_TASKS.filter((x) => plan.tasks.includes(x))) tells.push(await tellsReport(t, plan));
  const market: MarketReport[] = [];
  for (const t of plan.tasks.filter((x) => fieldOf(x) !== null)) market.push(await marketReport(t, plan));
  const marketLo = market.length === 0 ? 0 : Math.min(...market.map((t) => t.ci[0]));
  const zero = tasks.reduce(
    (n, t) => n + t.cells.filter((c) => c.buyer !== "oracle" && c.zero_variance).length,
    0,
  );
  const headroom = Math.min(...tasks.map((t) => t.headroom));
  const floor = Math.max(...tasks.map((t) => t.floor_max));
  const rho = Math.min(...tasks.map((t) => t.spearman));
  const tellsLo = tells.length === 0 ? 0 : Math.min(...tells.map((t) => t.ci[0]));
  return {
    engine_version: ENGINE_VERSION,
    git_commit: plan.gitCommit,
    seeds: plan.seeds.length,
    tasks,
    tells,
    market,
    bars: {
      zero_variance_cells: { value: zero, pass: zero === 0 },
      headroom_min: { value: headroom, pass: headroom >= BARS.headroom },
      floor_max: { value: floor, pass: floor <= BARS.floorMax },
      spearman_min: { value: rho, pass: rho >= BARS.spearman },
      tells_ci_lo_min: { value: tellsLo, pass: tells.length > 0 && tellsLo > 0 },
      market_ci_lo_min: { value: marketLo, pass: market.length > 0 && marketLo > 0 },
    },
  };
}
