import type { Action } from "./action";
import type { ExternalSellerTurn } from "./episode-step";
import type { BuyerActedEvent, EpisodeEvent } from "./events";
import { type RunState, stepRun } from "./run";

/** The buyer move that produced a stored buyer_acted event. */
export function actionFromEvent(ev: BuyerActedEvent): Action {
  if (ev.action !== "offer") return { type: ev.action, message: ev.message };
  const price = ev.violations.includes("price_not_finite") ? Number.NaN : (ev.raw_price ?? undefined);
  return { type: "offer", price, message: ev.message };
}

/**
 * A stored seller reply that did not come from the rule policy must be fed back verbatim, with
 * what the guard recorded when it was played (the stored move is the guarded one).
 */
export function externalTurn(ev: EpisodeEvent | undefined): ExternalSellerTurn | undefined {
  if (ev === undefined || ev.type !== "seller_replied" || ev.source === "policy") return undefined;
  return {
    action: ev.action,
    price: ev.price,
    message: ev.message,
    source: ev.source,
    recordedGuard: ev.guard,
  };
}

export class ReplayMismatchError extends Error {
  constructor(episodeId: string) {
    super(`Stored log of episode ${episodeId} does not replay to the same events on this engine build.`);
    this.name = "ReplayMismatchError";
  }
}

/** One stored episode of a run, as replay needs it: which episode it was and its event log. */
export interface ReplayableEpisode {
  id: string;
  episode_index: number;
  events: readonly EpisodeEvent[];
}

/**
 * Bring a freshly started run to where its stored episodes left it: feed every stored buyer
 * move (and every non-policy seller reply) back through the engine, episode by episode. The
 * engine rebuilds records and career exactly as it did live; each episode's regenerated log
 * must equal the stored one, so a silently diverging replay cannot happen.
 */
export function replayRun(run: RunState, stored: readonly ReplayableEpisode[]): RunState {
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
