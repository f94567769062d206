import type { BuyerPolicy } from "../../buyers/buyer-policy";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { oracleBuyer } from "../../buyers/oracle-buyer";
import { type ParamBuyerParams, paramBuyer } from "../../buyers/param-buyer";
import type { Observation } from "../../env/observation";
import type { DealRecord } from "../../env/records";
import { resolveSeller } from "../../sellers/registry";
import { BUILTIN_CATALOG } from "../../tasks/listings/builtin-catalog";
import { requireTask } from "../../tasks/open-run";
import { planTask } from "../../tasks/task-plan";
import { inProcessSessions } from "../harness/in-process-session";
import { playUnit } from "../harness/play-unit";
import { hiddenFloor } from "./hidden-floor";

/** The scripted buyers every v2 bar is measured over (the one-line floors included). */
export const SCRIPTED_SPECS: readonly string[] = [
  "rule:naive",
  "rule:aggressive",
  "rule:smart",
  "rule:sft",
  "time:boulware",
  "time:linear",
  "time:conceder",
  "ev:floor-model",
  "param:default",
  "param:tells-reader",
  "strategy:offer-0-accept-last",
  "strategy:accept-first",
  "strategy:split-the-difference",
];

export const FLOOR_SPECS: readonly string[] = SCRIPTED_SPECS.filter((s) => s.startsWith("strategy:"));

/**
 * Floor-aware strategies the oracle tries besides the scripted buyers: told the true floor, they
 * differ in the opener (just above the insult line at half the floor, or a share of the ask), the
 * pace, and the last-round offer.
 */
interface FloorCandidate {
  params: ParamBuyerParams;
  /** First offer as a multiple of the true floor; null opens at `params.open` × the ask. */
  openOverFloor: number | null;
  /** Rounds before the real end at which it makes its last-round offer (speed-graded tasks). */
  horizonCut: number;
}

function floorGrid(): FloorCandidate[] {
  const out: FloorCandidate[] = [];
  const opens: Array<[number, number | null]> = [
    [0.5, 0.51],
    [0.5, 0.65],
    [0.25, null],
    [0.35, null],
    [0.5, null],
  ];
  for (const [open, openOverFloor] of opens)
    for (const step of [0.1, 0.3])
      for (const finalShare of [0, 0.03, 0.08, 0.15, 0.25, 0.35, 0.5, 0.65, 0.8, 1])
        for (const acceptMarkup of [0.02, 0.15])
          out.push({
            params: { open, step, headroom: 0, tellWeight: 0, finalShare, urgencyWeight: 0, acceptMarkup },
            openOverFloor,
            horizonCut: 0,
          });
  // Early closers: the last-round offer made one to five rounds before the end.
  for (const horizonCut of [1, 2, 3, 4, 5])
    for (const [open, openOverFloor] of [opens[0], opens[3]] as Array<[number, number | null]>)
      for (const finalShare of [0.05, 0.15, 0.3, 0.5, 0.8])
        out.push({
          params: {
            open,
            step: 0.3,
            headroom: 0,
            tellWeight: 0,
            finalShare,
            urgencyWeight: 0,
            acceptMarkup: 0.15,
          },
          openOverFloor,
          horizonCut,
        });
  return out;
}
const FLOOR_GRID = floorGrid();

/** Per-episode grades of one buyer on one (task, seed), played in-process exactly as the eval plays it. */
export async function simulatedGrades(task: string, buyer: BuyerPolicy, seed: number): Promise<number[]> {
  const grade = gradeEpisodeOf(task);
  const unit = await playUnit(inProcessSessions(), buyer, {
    runId: "oracle-sim",
    taskId: task,
    seed,
    tells: true,
    gitCommit: "sim",
    transport: "in-process",
  });
  return unit.records.map(grade);
}

/** The task's per-episode grader (the one its terminal reward pays). */
function gradeEpisodeOf(task: string): (r: DealRecord) => number {
  const def = requireTask(task);
  return planTask(def, { seller: resolveSeller(def.seller), listings: BUILTIN_CATALOG }).gradeEpisode;
}

/** The task's oracle: best of the scripted buyers and the floor-aware grid, per seed, on a perfect model. */
export function taskOracle(task: string): BuyerPolicy {
  return oracleBuyer({
    candidates: (seed) => {
      // One probe per episode of this seed, shared by every candidate.
      const floors = new Map<number, number>();
      const floor = (obs: Observation): number => {
        let f = floors.get(obs.episode_number);
        if (f === undefined) {
          f = hiddenFloor(task, seed, obs.episode_number);
          floors.set(obs.episode_number, f);
        }
        return f;
      };
      return [
        ...SCRIPTED_SPECS.map((s) => buyerFromSpec(s)),
        ...FLOOR_GRID.map((c, i) => {
          const ratio = c.openOverFloor;
          return paramBuyer(c.params, {
            id: `oracle-floor-${i}`,
            knownFloor: floor,
            horizonCut: c.horizonCut,
            ...(ratio === null ? {} : { openPrice: (obs: Observation) => ratio * floor(obs) }),
          });
        }),
      ];
    },
    simulate: (buyer, seed) => simulatedGrades(task, buyer, seed),
  });
}
