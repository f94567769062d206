import type { Action } from "../../env/action";
import type { Observation } from "../../env/observation";
import { observe } from "../../env/observe";
import { stepRun } from "../../env/run";
import { openRun } from "../../tasks/open-run";

/** A simple scripted buyer for tests: bids up from 40 % of the ask, accepts a cheap ask. */
export function testBuyer(obs: Observation, k: number): Action {
  const ask = obs.opponent_last_offer ?? obs.seller_asking_price;
  if (ask <= 0.55 * obs.own_private_budget) return { type: "accept" };
  return { type: "offer", price: Math.round(ask * (0.45 + 0.06 * k) * 100) / 100, message: `offer ${k}` };
}

/**
 * The uninterrupted in-process run of `testBuyer` on a task and seed: each observation as JSON
 * (the reset's first), and the finished run, for comparing with what a server answered.
 */
export function referenceRun(task: string, seed: number, episodeId: string) {
  const run = openRun(task, { seed, episodeId });
  let o = observe(run.episode);
  const observations = [JSON.stringify(o)];
  for (let i = 0; i < 500; i++) {
    const res = stepRun(run, testBuyer(o, o.current_round));
    observations.push(JSON.stringify(res.observation));
    o = res.observation;
    if (res.done) break;
  }
  /** Events of every episode the run kept (abandoned ones are not in `finished`). */
  const events = [...run.finished, run.episode].reduce((n, e) => n + e.events.length, 0);
  return { observations, events };
}
