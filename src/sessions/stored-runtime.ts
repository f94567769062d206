import type { EpisodeGrader } from "../../env/episode-state";
import type { EpisodeStartedEvent } from "../../env/events";
import type { MarketFeed } from "../../env/market/market-section";
import type { SellerPolicy } from "../../env/seller-policy";
import { UnknownTellsModelError } from "../../env/tells/extract-cues";
import { UnknownSellerError } from "../../sellers/registry";
import { openRun } from "../../tasks/open-run";
import type { StoredEpisode } from "../storage/episode-store";
import { recordedTellsModel } from "./run-replay";
import { ServiceError } from "./session-service";

export interface StoredRuntime {
  seller: SellerPolicy;
  grade: EpisodeGrader;
  /** Market tasks: the episode's market, rebuilt from its stored opening, so a branch meets the same rivals. */
  market?: MarketFeed;
}

/**
 * The exact seller release and grader a stored episode was played with. A stored episode names
 * its seller by id, version and content hash; if this build no longer has that exact release
 * (or that task version) the episode can be read but not branched.
 */
export function storedRuntime(ep: StoredEpisode): StoredRuntime {
  let run: ReturnType<typeof openRun>;
  try {
    // Storage keeps the bare task id beside its version: name the exact version (a bare id is v1).
    run = openRun(`${ep.task}@${ep.task_version}`, {
      seed: ep.seed,
      episodeId: ep.id,
      seller: `${ep.seller.id}@${ep.seller.version}`,
    });
  } catch (err) {
    // LLM sellers are not rule releases: branching would mean asking the model again, which
    // cannot reproduce what it said, so such episodes can be read but not branched.
    if (err instanceof UnknownSellerError) {
      throw new ServiceError(
        "VALIDATION_ERROR",
        `Episode ${ep.id} was played against ${ep.seller.id}@${ep.seller.version}, which is not a rule release; it can be read but not branched.`,
        409,
      );
    }
    throw err;
  }
  const seller = run.plan.seller;
  if (seller.ref.hash !== ep.seller.hash || run.plan.taskVersion !== ep.task_version) {
    throw new ServiceError(
      "VALIDATION_ERROR",
      `Episode ${ep.id} was played with ${ep.seller.id}@${ep.seller.version} (${ep.seller.hash}) on task version ${ep.task_version}; this build cannot reproduce it.`,
      409,
    );
  }
  const market = run.plan.marketFeed?.(ep.events[0] as EpisodeStartedEvent);
  return { seller, grade: run.plan.gradeEpisode, ...(market === undefined ? {} : { market }) };
}

/**
 * Before a stored episode is branched: the tells model it read the seller's words with must be
 * one this build has, or the branch would read them differently from the original (409; the
 * episode stays readable).
 */
export function requireRecordedTellsModel(ep: StoredEpisode): void {
  try {
    recordedTellsModel([ep]);
  } catch (err) {
    if (!(err instanceof UnknownTellsModelError)) throw err;
    throw new ServiceError(
      "VALIDATION_ERROR",
      `Episode ${ep.id} was read with tells model ${err.requested.version}, which this build does not have; it can be read but not branched.`,
      409,
    );
  }
}
