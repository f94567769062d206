import { startEpisode } from "../../env/episode-step";
import type { SellerPolicy } from "../../env/seller-policy";
import { resolveSeller } from "../../sellers/registry";
import { BUILTIN_CATALOG } from "../../tasks/listings/builtin-catalog";
import { requireTask } from "../../tasks/open-run";
import { planTask } from "../../tasks/task-plan";

/**
 * The seller's reservation in episode k of (task, seed): hidden state the oracle is allowed to
 * know. Economics never depend on the buyer's play, so opening the episode on its own gives
 * the same floor the real run will have.
 */
export function hiddenFloor(taskRef: string, seed: number, episode: number, seller?: SellerPolicy): number {
  const task = requireTask(taskRef);
  const policy = seller ?? resolveSeller(task.seller);
  const plan = planTask(task, { seller: policy, listings: BUILTIN_CATALOG });
  const spec = plan.episodeSpec({
    episode,
    seed,
    episodeId: "oracle-probe",
    career: null,
    rewardMode: "terminal",
    enableTells: false,
    historyWindow: 0,
  });
  return startEpisode(spec, { seller: policy, grade: null }).reservation;
}
