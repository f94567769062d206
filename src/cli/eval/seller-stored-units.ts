import { buyerKey } from "../../../env/seller-role/buyer-ref";
import type { StoredSellerUnit } from "../../../eval/leaderboard/seller-leaderboard";
import type { SellerAgent } from "../../../eval/seller-role/seller-agent";
import { type SellerUnitResult, sellerUnitEpisodeId } from "../../../eval/seller-role/seller-eval";

/**
 * A seller run's units with what each number depends on beside them: the agent's version and
 * hash (or prompt hash) from the agent that played, the task's version from its key, the run's
 * tells and commit, and the id its episode was played under.
 */
export function storedSellerUnits(
  runId: string,
  agents: readonly SellerAgent[],
  plan: { buyers: readonly string[]; tells: boolean },
  gitCommit: string,
  units: readonly SellerUnitResult[],
): StoredSellerUnit[] {
  const byId = new Map(agents.map((a) => [a.id, a]));
  return units.map((u) => {
    const a = byId.get(u.agent);
    if (a === undefined) throw new Error(`unit played by unknown agent ${u.agent}`);
    const at = u.task.lastIndexOf("@");
    return {
      run_id: runId,
      agent: `${a.id}@${a.version}`,
      agent_hash: a.hash,
      agent_prompt_hash: a.promptHash,
      task_id: at < 0 ? u.task : u.task.slice(0, at),
      task_version: at < 0 ? "1" : u.task.slice(at + 1),
      tells: plan.tells,
      git_commit: gitCommit,
      // As seller-eval.ts named it: the requested buyer, or "pinned" for the task's own.
      episode_id: sellerUnitEpisodeId(
        runId,
        u.agent,
        u.task,
        plan.buyers.length === 0 ? "pinned" : buyerKey(u.buyer),
        u.seed,
      ),
      unit: u,
    };
  });
}
