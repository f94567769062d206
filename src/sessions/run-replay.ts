import { replayRun } from "../../env/replay";
import type { RunState } from "../../env/run";
import type { SellerPolicy } from "../../env/seller-policy";
import { releasedTellsModelRef, type TellsModelRef } from "../../env/tells/extract-cues";
import type { Listing } from "../../tasks/listings/listing";
import { openRun } from "../../tasks/open-run";
import type { RunOptionsRow, StoredEpisode } from "../storage/episode-store";
// Earlier tells model releases load from their files on first use (release-files.ts).
import "./release-files";

/**
 * The tells model a stored run read with: the one its first episode's spec recorded (every
 * episode of a run records the same), or undefined for a run on the rules path. A resumed
 * session keeps it, so its log replays and its later episodes read as its first ones did,
 * even after a newer model ships. A stored name no release knows throws.
 */
export function recordedTellsModel(
  stored: readonly Pick<StoredEpisode, "events">[],
): TellsModelRef | undefined {
  const opening = stored[0]?.events[0];
  const ref = opening?.type === "episode_started" ? opening.spec.tells_model : undefined;
  return ref === undefined ? undefined : releasedTellsModelRef(ref);
}

/**
 * `policy` overrides the stored key when the shell resolved it (LLM sellers are not in the rule
 * registry); `tellsModel` is the session's (the shipped model when omitted).
 */
export function openRunFor(
  task: string,
  seed: number,
  o: RunOptionsRow,
  policy?: SellerPolicy,
  listings?: readonly Listing[],
  tellsModel?: TellsModelRef,
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
    ...(tellsModel === undefined ? {} : { tellsModel }),
    revealPersonality: o.reveal_personality ?? undefined,
  });
}

/**
 * Rebuild a session's run after a restart: open the same run, with the session's tells model
 * (the one its stored episodes recorded: recordedTellsModel), then replay them through the
 * engine (env/replay.ts), which checks each regenerated log against the stored one.
 */
export function rebuildRun(
  task: string,
  seed: number,
  o: RunOptionsRow,
  stored: readonly StoredEpisode[],
  tellsModel: TellsModelRef,
  policy?: SellerPolicy,
  listings?: readonly Listing[],
): RunState {
  return replayRun(openRunFor(task, seed, o, policy, listings, tellsModel), stored);
}
