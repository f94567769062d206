import type { Action } from "../../env/action";
import { type ExternalSellerTurn, startEpisode } from "../../env/episode-step";
import type { BuyerActedEvent, EpisodeEvent } from "../../env/events";
import { episodeIdFor, type RunState, stepRun } from "../../env/run";
import type { SellerPolicy } from "../../env/seller-policy";
import type { Listing } from "../../tasks/listings/listing";
import { openRun } from "../../tasks/open-run";
import type { RunOptionsRow, StoredEpisode } from "../storage/episode-store";

/** `policy` overrides the stored key when the shell resolved it (LLM sellers are not in the rule registry). */
export function openRunFor(
  task: string,
  seed: number,
  o: RunOptionsRow,
  policy?: SellerPolicy,
  listings?: readonly Listing[],
): RunState {
  return openRun(task, {
    seed,
    listings,
    episodeId: o.episode_id,
    // An empty seller means the task's pinned default.
    seller: policy ?? (o.seller === "" ? undefined : o.seller),
    rewardMode: o.reward_mode,
    enableTells: o.tells,
    historyWindow: o.history_window,
    tellsExtractor: o.tells_extractor,
    revealPersonality: o.reveal_personality ?? undefined,
  });
}

/** The buyer move that produced a stored buyer_acted event. */
export function actionFromEvent(ev: BuyerActedEvent): Action {
  if (ev.action !== "offer") return { type: ev.action, message: ev.message };
  const price = ev.violations.includes("price_not_finite") ? Number.NaN : (ev.raw_price ?? undefined);
  return { type: "offer", price, message: ev.message };
}

/** A stored seller reply that did not come from the rule policy must be fed back verbatim. */
export function externalTurn(ev: EpisodeEvent | undefined): ExternalSellerTurn | undefined {
  if (ev === undefined || ev.type !== "seller_replied" || ev.source === "policy") return undefined;
  return { action: ev.action, price: ev.price, message: ev.message, source: ev.source };
}

export class ReplayMismatchError extends Error {
  constructor(episodeId: string) {
    super(`Stored log of episode ${episodeId} does not replay to the same events on this engine build.`);
    this.name = "ReplayMismatchError";
  }
}

/**
 * Rebuild a session's run after a restart: open the same run, then feed every stored buyer move
 * (and every non-policy seller reply) back through the engine, episode by episode. The engine
 * rebuilds records and career exactly as it did live; each episode's regenerated log must equal
 * the stored one, so a silently diverging replay cannot happen.
 */
export function rebuildRun(
  task: string,
  seed: number,
  o: RunOptionsRow,
  stored: readonly StoredEpisode[],
  policy?: SellerPolicy,
  listings?: readonly Listing[],
): RunState {
  const run = openRunFor(task, seed, o, policy, listings);
  for (const ep of stored) {
    if (run.episode.spec.episode !== ep.episode_index) throw new ReplayMismatchError(ep.id);
    const live = run.episode;
    const events = ep.events;
    for (let i = 1; i < events.length; i++) {
      const ev = events[i] as EpisodeEvent;
      if (ev.type !== "buyer_acted") continue;
      stepRun(run, actionFromEvent(ev), externalTurn(events[i + 1]));
    }
    if (JSON.stringify(live.events) !== JSON.stringify(events)) throw new ReplayMismatchError(ep.id);
  }
  return run;
}

/**
 * Start episode k of the run again from its opening (a career reset in the middle of an
 * episode abandons that attempt but keeps the career so far).
 */
export function restartEpisode(run: RunState): void {
  const { plan, options: o } = run;
  const k = run.episode.spec.episode;
  const spec = plan.episodeSpec({
    episode: k,
    seed: o.seed,
    episodeId: episodeIdFor(o.episodeId, k),
    career: run.career,
    rewardMode: o.rewardMode,
    enableTells: o.enableTells,
    historyWindow: o.historyWindow,
  });
  run.episode = startEpisode(spec, { seller: plan.seller, grade: plan.gradeEpisode, rng: o.rng });
}
