import type { BuyerPolicy } from "../../buyers/buyer-policy";
import { sellerKey } from "../../env/seller-policy";
import { playEpisodes } from "./episode-loop";
import type { EvalSession } from "./eval-env";
import type { StepRow, UnitResult } from "./unit-result";

export interface UnitSpec {
  runId: string;
  taskId: string;
  seed: number;
  seller?: string;
  tells: boolean;
  /** Cap on career episodes played; all of them when omitted. */
  maxEpisodes?: number;
  gitCommit: string;
  transport: UnitResult["transport"];
}

/**
 * The id of a unit's first episode (a career's later ones add "-2", "-3", …): the server stores
 * an eval over HTTP under it, and the replay page finds an in-process eval's episodes by it.
 */
export const unitEpisodeId = (runId: string, buyer: string, task: string, seed: number): string =>
  `${runId}.${buyer}.${task}.${seed}`.slice(0, 255);

/** Play one buyer through every episode of one task run and collect what the eval measures. */
export async function playUnit(session: EvalSession, buyer: BuyerPolicy, u: UnitSpec): Promise<UnitResult> {
  const reset = await session.reset({
    taskId: u.taskId,
    seed: u.seed,
    episodeId: unitEpisodeId(u.runId, buyer.id, u.taskId, u.seed),
    tells: u.tells,
    ...(u.seller !== undefined ? { seller: u.seller } : {}),
  });
  const wanted = Math.min(reset.totalEpisodes, u.maxEpisodes ?? reset.totalEpisodes);
  const walkedBy: UnitResult["walked_by"] = [];
  const steps: StepRow[] = [];
  let tokens: UnitResult["tokens"] = null;
  let latency: number | null = null;
  const records = await playEpisodes(
    session,
    buyer,
    { observation: reset.observation, seed: u.seed, label: `${u.taskId} seed ${u.seed}`, wanted },
    ({ before: obs, act, res, after }) => {
      if (act.usage) {
        tokens ??= { prompt: 0, completion: 0 };
        tokens.prompt += act.usage.promptTokens;
        tokens.completion += act.usage.completionTokens;
      }
      if (act.latencyMs !== undefined) latency = (latency ?? 0) + act.latencyMs;
      steps.push({
        idx: steps.length,
        episode: res.info.episode,
        round: after.current_round,
        ask_before: obs.opponent_last_offer ?? obs.seller_asking_price,
        buyer_action: act.action.type,
        buyer_price: act.action.type === "offer" ? (act.action.price ?? null) : null,
        buyer_message: act.action.message ?? "",
        parse_error: act.parseError,
        error: act.error ?? null,
        seller_price: after.opponent_last_offer,
        seller_message: after.seller_message,
        reward: res.reward,
        guard_interventions: res.info.guard?.length ?? null,
        violations: res.info.violations,
        prompt_tokens: act.usage?.promptTokens ?? null,
        completion_tokens: act.usage?.completionTokens ?? null,
        latency_ms: act.latencyMs ?? null,
      });
      const record = res.info.episode_result;
      if (record !== undefined) {
        walkedBy.push(record.outcome === "walk" ? (act.action.type === "walk" ? "buyer" : "seller") : null);
      }
    },
  );
  const score = await session.score();
  await session.close();
  return {
    run_id: u.runId,
    buyer_id: buyer.id,
    buyer_prompt_hash: buyer.promptHash,
    task_id: u.taskId,
    task_version: reset.taskVersion,
    seed: u.seed,
    seller: reset.seller,
    seller_key: sellerKey(reset.seller),
    engine_version: reset.engineVersion,
    git_commit: u.gitCommit,
    tells: u.tells,
    transport: u.transport,
    records,
    walked_by: walkedBy,
    score: score.score,
    success: score.success,
    episodes_completed: score.episodes_completed,
    total_episodes: score.total_episodes,
    decisions: steps.length,
    parse_errors: steps.filter((s) => s.parse_error).length,
    guard_interventions: steps.some((s) => s.guard_interventions === null)
      ? (score.guard_interventions ?? null)
      : steps.reduce((n, s) => n + (s.guard_interventions ?? 0), 0),
    tokens,
    latency_ms: latency,
    steps,
  };
}
