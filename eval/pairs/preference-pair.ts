import type { BuyerPolicy } from "../../buyers/buyer-policy";
import type { ChatMessage } from "../../env/chat-model";
import type { EvalSessionFactory } from "../harness/eval-env";
import { codeJudge, surplusOf, type Verdict } from "./code-judge";
import { firstDivergence, type Rollout, rollout } from "./rollout";

/**
 * A preference pair in TRL's conversational format: `prompt` is the observation prompt at the
 * first decision where two rollouts of the same buyer differ (identical in both, since every
 * earlier decision was), `chosen`/`rejected` are the two completions written from it.
 */
export interface PreferencePair {
  prompt: ChatMessage[];
  chosen: ChatMessage[];
  rejected: ChatMessage[];
  task: string;
  seed: number;
  buyer: string;
  rollouts: [string, string];
  decision_index: number;
  judge: string;
  judge_reason: string;
  chosen_surplus: number;
  rejected_surplus: number;
}

export type PairOutcome =
  | { pair: PreferencePair }
  | { skipped: "identical" | "tie" | "prompt_mismatch"; detail: string };

export interface PairRequest {
  taskId: string;
  seed: number;
  seller?: string;
  tells: boolean;
  /** Two variants of one buyer (e.g. two temperatures), labelled. */
  a: { label: string; buyer: BuyerPolicy };
  b: { label: string; buyer: BuyerPolicy };
  judge?: (a: Rollout, b: Rollout) => Promise<Verdict>;
}

export async function buildPair(sessions: EvalSessionFactory, r: PairRequest): Promise<PairOutcome> {
  const at = {
    taskId: r.taskId,
    seed: r.seed,
    tells: r.tells,
    ...(r.seller !== undefined ? { seller: r.seller } : {}),
  };
  const ra = await rollout(sessions(), r.a.buyer, at);
  const rb = await rollout(sessions(), r.b.buyer, at);
  const i = firstDivergence(ra, rb);
  if (i === null) return { skipped: "identical", detail: "both rollouts made the same moves" };
  const da = ra.decisions[i];
  const db = rb.decisions[i];
  if (da === undefined || db === undefined) return { skipped: "identical", detail: "no decision to compare" };
  if (JSON.stringify(da.prompt) !== JSON.stringify(db.prompt))
    return { skipped: "prompt_mismatch", detail: `prompts differ at decision ${i}` };
  const verdict = r.judge ? await r.judge(ra, rb) : codeJudge(ra, rb);
  if (verdict.winner === "tie") return { skipped: "tie", detail: verdict.reason };
  const [win, lose] = verdict.winner === "a" ? [da, db] : [db, da];
  const [wr, lr] = verdict.winner === "a" ? [ra, rb] : [rb, ra];
  return {
    pair: {
      prompt: da.prompt,
      chosen: [{ role: "assistant", content: win.completion }],
      rejected: [{ role: "assistant", content: lose.completion }],
      task: r.taskId,
      seed: r.seed,
      buyer: r.a.buyer.id,
      rollouts: [r.a.label, r.b.label],
      decision_index: i,
      judge: verdict.judge,
      judge_reason: verdict.reason,
      chosen_surplus: Math.round(surplusOf(wr) * 10_000) / 10_000,
      rejected_surplus: Math.round(surplusOf(lr) * 10_000) / 10_000,
    },
  };
}
