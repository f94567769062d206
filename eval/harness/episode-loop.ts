import type { Observation } from "../../env/observation";
import type { DealRecord } from "../../env/records";
import type { BuyerAct, BuyerPolicy } from "../buyers/buyer-policy";
import type { EvalSession, EvalStep } from "./eval-env";

/** Far above any task's rounds: a buyer/env disagreement must end in an error, not a hang. */
export const STEP_LIMIT = 1000;

/** One buyer decision and what it led to. */
export interface Turn {
  /** 0-based over the whole run. */
  index: number;
  /** What the buyer saw when it decided. */
  before: Observation;
  act: BuyerAct;
  res: EvalStep;
  /** The episode's last observation when this move ended it, else the next one. */
  after: Observation;
}

/**
 * The one episode loop of the eval harness (playUnit) and pairs rollouts: after a reset, the
 * buyer acts on each observation and the session steps, across a career's episodes, until the
 * run is done or `wanted` episodes have ended. `onTurn` sees every turn; the records of ended
 * episodes are returned in order.
 */
export async function playEpisodes(
  session: EvalSession,
  buyer: BuyerPolicy,
  start: { observation: Observation; seed: number; label: string; wanted?: number },
  onTurn: (t: Turn) => void = () => undefined,
): Promise<DealRecord[]> {
  const wanted = start.wanted ?? Number.POSITIVE_INFINITY;
  const records: DealRecord[] = [];
  let obs = start.observation;
  let done = false;
  for (let index = 0; !done && records.length < wanted; index++) {
    if (index >= STEP_LIMIT) throw new Error(`${start.label}: no end after ${STEP_LIMIT} steps`);
    const act = await buyer.act(obs, { seed: start.seed, episode: obs.episode_number, step: index });
    const res = await session.step(act.action);
    onTurn({ index, before: obs, act, res, after: res.info.terminal_observation ?? res.observation });
    if (res.info.episode_result !== undefined) records.push(res.info.episode_result);
    obs = res.observation;
    done = res.done;
  }
  return records;
}
