import type { BuyerAct, BuyerPolicy } from "../../buyers/buyer-policy";
import type { Action } from "../../env/action";
import type { Observation } from "../../env/observation";
import type { DealRecord } from "../../env/records";
import type { EvalSession, EvalStep } from "./eval-env";

/** Far above any task's rounds: an agent/env disagreement must end in an error, not a hang. */
export const STEP_LIMIT = 1000;

/** One agent decision and what it led to (either role). */
export interface LoopTurn<O, Act, S> {
  /** 0-based over the whole run. */
  index: number;
  /** What the agent saw when it decided. */
  before: O;
  act: Act;
  res: S;
  /** The episode's last observation when this move ended it, else the next one. */
  after: O;
}

/** What the loop reads of a step reply, whichever role the agent plays. */
export interface LoopStep<O, R> {
  observation: O;
  done: boolean;
  info: { terminal_observation?: O; episode_result?: R };
}

/** One buyer decision and what it led to. */
export type Turn = LoopTurn<Observation, BuyerAct, EvalStep>;

/**
 * The one episode loop of every eval, for either role: after a reset, the agent decides on each
 * observation and the session steps, across a career's episodes, until the run is done or
 * `wanted` episodes have ended. `onTurn` sees every turn; the records of ended episodes are
 * returned in order.
 */
export async function playLoop<O, A, Act extends { action: A }, R, S extends LoopStep<O, R>>(
  step: (action: A) => Promise<S>,
  decide: (obs: O, index: number) => Promise<Act>,
  start: { observation: O; label: string; wanted?: number },
  onTurn: (t: LoopTurn<O, Act, S>) => void = () => undefined,
): Promise<R[]> {
  const wanted = start.wanted ?? Number.POSITIVE_INFINITY;
  const records: R[] = [];
  let obs = start.observation;
  let done = false;
  for (let index = 0; !done && records.length < wanted; index++) {
    if (index >= STEP_LIMIT) throw new Error(`${start.label}: no end after ${STEP_LIMIT} steps`);
    const act = await decide(obs, index);
    const res = await step(act.action);
    onTurn({ index, before: obs, act, res, after: res.info.terminal_observation ?? res.observation });
    if (res.info.episode_result !== undefined) records.push(res.info.episode_result);
    obs = res.observation;
    done = res.done;
  }
  return records;
}

/** The buyer role's loop (eval harness playUnit, pairs rollouts). */
export function playEpisodes(
  session: EvalSession,
  buyer: BuyerPolicy,
  start: { observation: Observation; seed: number; label: string; wanted?: number },
  onTurn: (t: Turn) => void = () => undefined,
): Promise<DealRecord[]> {
  return playLoop<Observation, Action, BuyerAct, DealRecord, EvalStep>(
    (a) => session.step(a),
    (obs, step) => buyer.act(obs, { seed: start.seed, episode: obs.episode_number, step }),
    start,
    onTurn,
  );
}
