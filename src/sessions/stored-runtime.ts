import type { EpisodeGrader } from "../../env/episode-state";
import type { SellerPolicy } from "../../env/seller-policy";
import { UnknownSellerError } from "../../sellers/registry";
import { openRun } from "../../tasks/open-run";
import type { StoredEpisode } from "../storage/episode-store";
import { ServiceError } from "./session-service";

export interface StoredRuntime {
  seller: SellerPolicy;
  grade: EpisodeGrader;
}

/**
 * The exact seller release and grader a stored episode was played with. A stored episode names
 * its seller by id, version and content hash; if this build no longer has that exact release
 * (or that task version) the episode can be read but not branched.
 */
export function storedRuntime(ep: StoredEpisode): StoredRuntime {
  let run: ReturnType<typeof openRun>;
  try {
    run = openRun(ep.task, {
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
  return { seller, grade: run.plan.gradeEpisode };
}
