import { replayRun } from "../../env/replay";
import type { RunState } from "../../env/run";
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

/**
 * Rebuild a session's run after a restart: open the same run, then replay its stored episodes
 * through the engine (env/replay.ts), which checks each regenerated log against the stored one.
 */
export function rebuildRun(
  task: string,
  seed: number,
  o: RunOptionsRow,
  stored: readonly StoredEpisode[],
  policy?: SellerPolicy,
  listings?: readonly Listing[],
): RunState {
  return replayRun(openRunFor(task, seed, o, policy, listings), stored);
}
