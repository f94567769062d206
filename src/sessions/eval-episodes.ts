import type { Action } from "../../env/action";
import type { EpisodeState } from "../../env/episode-state";
import { episodeIdFor, stepRun } from "../../env/run";
import { unitEpisodeId } from "../../eval/harness/play-unit";
import type { UnitResult } from "../../eval/harness/unit-result";
import type { StoredRun } from "../../eval/leaderboard/leaderboard";
import { UnknownSellerError } from "../../sellers/registry";
import { BUILTIN_CATALOG_VERSION } from "../../tasks/listings/builtin-catalog";
import { openRun } from "../../tasks/open-run";
import { episodeView } from "../boundary/episode-view";
import type { StoredEpisode } from "../storage/episode-store";
import type { EpisodeView } from "../wire/episode-view";
import { ServiceError } from "./session-service";

/**
 * Eval episodes for the replay page. An eval stores each buyer decision, not the engine's event
 * log; episodes are seeded and the engine is deterministic, so the log is rebuilt by replaying
 * the stored decisions against the same task, seed and seller release, and every step is checked
 * against what the eval recorded (reward, seller's quote, violations). A unit that does not
 * replay to the same numbers on this build is refused, never shown approximately. Eval runs are
 * over before they are read (finished runs only), so the whole log, hidden values included, is
 * shown.
 */
const notFound = (runId: string, id: string) =>
  new ServiceError("NOT_FOUND", `No episode "${id}" in finished eval run "${runId}".`, 404);
const cannot = (id: string, why: string) =>
  new ServiceError("VALIDATION_ERROR", `Eval episode ${id} cannot be replayed on this build: ${why}.`, 409);

const actionOf = (s: UnitResult["steps"][number]): Action =>
  s.buyer_action === "offer"
    ? { type: "offer", price: s.buyer_price ?? undefined, message: s.buyer_message }
    : { type: s.buyer_action, message: s.buyer_message };

const same = (a: number | null, b: number | null): boolean =>
  a === null || b === null ? a === b : Math.abs(a - b) < 1e-9;

function openUnit(run: StoredRun, u: UnitResult, first: string): ReturnType<typeof openRun> {
  if (run.plan.listings !== `builtin-catalog@${BUILTIN_CATALOG_VERSION}`)
    throw cannot(first, `it was played on the products of ${run.plan.listings}`);
  let state: ReturnType<typeof openRun>;
  try {
    state = openRun(u.task_id, {
      seed: u.seed,
      episodeId: first,
      enableTells: u.tells,
      seller: u.seller_key,
    });
  } catch (err) {
    if (err instanceof UnknownSellerError)
      throw cannot(first, `${u.seller_key} is not a rule seller release`);
    throw err;
  }
  if (state.plan.seller.ref.hash !== u.seller.hash || state.plan.taskVersion !== u.task_version)
    throw cannot(
      first,
      `${u.seller_key} (${u.seller.hash}) on task version ${u.task_version} is not this build's`,
    );
  return state;
}

/**
 * Whether this build can open the unit for replay at all (built-in products, a rule seller
 * release with the same hash, the same task version): the leaderboard links only those. The
 * step-by-step check happens when the replay is asked for.
 */
export function replayableUnit(run: StoredRun, u: UnitResult): boolean {
  try {
    openUnit(run, u, unitEpisodeId(u.run_id, u.buyer_id, u.task_id, u.seed));
    return true;
  } catch (err) {
    if (err instanceof ServiceError) return false;
    throw err;
  }
}

/** Every episode of one unit, rebuilt and checked; oldest first. */
export function unitEpisodes(run: StoredRun, u: UnitResult): StoredEpisode[] {
  const first = unitEpisodeId(u.run_id, u.buyer_id, u.task_id, u.seed);
  const state = openUnit(run, u, first);
  const done: EpisodeState[] = [];
  for (const s of u.steps) {
    const before = state.episode;
    const r = stepRun(state, actionOf(s));
    const after = r.info.terminal_observation ?? r.observation;
    if (
      !same(r.reward, s.reward) ||
      !same(after.opponent_last_offer, s.seller_price) ||
      JSON.stringify(r.info.violations) !== JSON.stringify(s.violations)
    )
      throw cannot(first, `step ${s.idx} does not reproduce what the eval recorded`);
    if (before.done) done.push(before);
  }
  if (state.episode.done && !done.includes(state.episode)) done.push(state.episode);
  return done.map((e) => ({
    key: 0,
    id: episodeIdFor(first, e.spec.episode),
    session_id: null,
    run: 0,
    task: u.task_id,
    task_version: u.task_version,
    seller: u.seller,
    engine_version: u.engine_version,
    seed: u.seed,
    episode_index: e.spec.episode,
    status: "finished",
    outcome: e.outcome,
    record: e.record,
    branched_from: null,
    from_round: null,
    created_at: Date.parse(run.created_at),
    events: e.events,
  }));
}

/** GET /eval/runs/:run/episodes/:id: one episode of a finished eval run, whole log. */
export function evalEpisodeView(run: StoredRun | undefined, runId: string, id: string): EpisodeView {
  if (run === undefined) throw notFound(runId, id);
  // A unit's episodes are its first id and that id with "-k" appended.
  const unit = run.units.find((u) => {
    const first = unitEpisodeId(u.run_id, u.buyer_id, u.task_id, u.seed);
    return id === first || (id.startsWith(`${first}-`) && /^\d+$/.test(id.slice(first.length + 1)));
  });
  if (unit === undefined) throw notFound(runId, id);
  const ep = unitEpisodes(run, unit).find((e) => e.id === id);
  if (ep === undefined) throw notFound(runId, id);
  return episodeView(ep, { runLive: false, sessionEnded: true });
}
