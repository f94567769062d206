import type { Action } from "../../env/action";
import type { ChatMessage } from "../../env/chat-model";
import type { DealRecord } from "../../env/records";
import type { BuyerPolicy } from "../buyers/buyer-policy";
import { actionJson } from "../buyers/buyer-policy";
import { renderBuyerPromptV1 } from "../buyers/prompts/buyer-v1";
import { playEpisodes } from "../harness/episode-loop";
import type { EvalSession } from "../harness/eval-env";

/** One buyer decision of a rollout: the prompt it saw and the completion it wrote. */
export interface Decision {
  prompt: ChatMessage[];
  completion: string;
  action: Action;
  parseError: boolean;
}

export interface Rollout {
  decisions: Decision[];
  records: DealRecord[];
  /** The seller's standing ask when the rollout ended. */
  lastAsk: number;
  openingAsk: number;
  transcript: string;
}

export async function rollout(
  session: EvalSession,
  buyer: BuyerPolicy,
  at: { taskId: string; seed: number; seller?: string; tells: boolean },
): Promise<Rollout> {
  const reset = await session.reset({
    taskId: at.taskId,
    seed: at.seed,
    episodeId: `pairs.${at.taskId}.${at.seed}`,
    tells: at.tells,
    ...(at.seller !== undefined ? { seller: at.seller } : {}),
  });
  const obs = reset.observation;
  const decisions: Decision[] = [];
  const lines: string[] = [`seller opens at ${obs.seller_asking_price}: ${obs.seller_message ?? ""}`];
  let lastAsk = obs.seller_asking_price;
  const label = `pairs ${at.taskId} seed ${at.seed}`;
  const records = await playEpisodes(session, buyer, { observation: obs, seed: at.seed, label }, (t) => {
    const { act, after } = t;
    // Code buyers have no prompt of their own: the shared observation prompt stands in for it.
    decisions.push({
      prompt: act.prompt ?? renderBuyerPromptV1(t.before),
      completion: act.rawText ?? actionJson(act.action),
      action: act.action,
      parseError: act.parseError,
    });
    lastAsk = after.opponent_last_offer ?? lastAsk;
    lines.push(
      `buyer ${act.action.type}${act.action.type === "offer" ? ` ${act.action.price}` : ""}: ${act.action.message ?? ""}`,
      `seller ${after.deal_outcome ?? `asks ${after.opponent_last_offer}`}: ${after.seller_message ?? after.notice ?? ""}`,
    );
  });
  await session.close();
  return {
    decisions,
    records,
    lastAsk,
    openingAsk: reset.observation.seller_asking_price,
    transcript: lines.join("\n"),
  };
}

/** Index of the first decision whose completion differs, or null when the rollouts never diverge. */
export function firstDivergence(a: Rollout, b: Rollout): number | null {
  const n = Math.min(a.decisions.length, b.decisions.length);
  for (let i = 0; i < n; i++) {
    if (a.decisions[i]?.completion !== b.decisions[i]?.completion) return i;
  }
  return null;
}
