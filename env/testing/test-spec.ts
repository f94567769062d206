import type { EpisodeSpec } from "../episode-spec";
import type { RunPlan } from "../run";
import type { SellerPolicy } from "../seller-policy";

/** A plain single-episode spec for engine and boundary tests; each test overrides what it is about. */
export function testEpisodeSpec(over: Partial<EpisodeSpec> = {}): EpisodeSpec {
  return {
    episode_id: "ep_test",
    task_id: "test",
    task_version: "1",
    seed: 7,
    episode: 1,
    total_episodes: 1,
    item: { name: "brass lamp", category: null, listing_id: null },
    buyer_budget: 120,
    seller_cost: 50,
    anchor_base: 100,
    rounds: 6,
    concession_rate: 0.1,
    inventory: 1,
    batna_probability: 0,
    buyer_deadline: null,
    reveal_personality: false,
    enable_tells: false,
    history_window: 6,
    reward_mode: "shaped",
    enable_career: false,
    career: null,
    ...over,
  };
}

/** A one-episode run plan around a spec, graded by normalised surplus (the boundary and market tests' world). */
export function testRunPlan(
  seller: SellerPolicy,
  spec: (episodeId: string) => EpisodeSpec,
  over: Partial<RunPlan> = {},
): RunPlan {
  return {
    taskId: spec("probe").task_id,
    taskVersion: "1",
    totalEpisodes: 1,
    successThreshold: 0.5,
    seller,
    episodeSpec: (a) => spec(a.episodeId),
    grade: (records) => records[0]?.normalized_surplus ?? 0,
    gradeEpisode: (r) => r.normalized_surplus,
    ...over,
  };
}
