import type { ChatUsage } from "../../env/chat-model";
import { round4 } from "../../env/money";
import type { SellerRef } from "../../env/seller-policy";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import type { SellerRecord } from "../../env/seller-role/seller-record";
import { playLoop } from "../harness/episode-loop";
import type { SellerAgent, SellerAgentAct } from "./seller-agent";
import type { SellerEvalSession, SellerEvalSessionFactory, SellerEvalStep } from "./seller-eval-env";

/** What a seller eval plays: every agent × task × opponent × seed. */
export interface SellerEvalPlan {
  runId: string;
  agents: readonly SellerAgent[];
  /** Seller-role tasks, "id@version". */
  tasks: readonly string[];
  /** Buyer keys to sell to; each task's pinned buyer when empty. */
  buyers: readonly string[];
  seeds: readonly number[];
  tells: boolean;
}

export interface SellerEvalDeps {
  sessions: SellerEvalSessionFactory;
  transport: "in-process" | "http";
  /** Units (and model calls) in flight at once. */
  concurrency: number;
  onUnit?(u: SellerUnitResult, done: number, total: number): void;
}

/** One agent's run of one seed of one task against one buyer, with what it cost. */
export interface SellerUnitResult {
  agent: string;
  task: string;
  buyer: BuyerRef;
  persona_seller: SellerRef;
  seed: number;
  engine_version: string;
  seller_role_version: string;
  /** The seller's record of each deal (one, or a career's). */
  records: SellerRecord[];
  /** The run's score: the mean episode score over all its deals (a career's unplayed ones count 0). */
  score: number;
  /** The sum of the step rewards (penalties for malformed counters included). */
  return: number;
  decisions: number;
  /** Decisions where the agent's reply was unusable or its call failed, and its fallback played. */
  parse_errors: number;
  /** Of those, the model calls that failed outright (timeouts, HTTP errors). */
  model_errors: number;
  /** Buyer moves played by the buyer's own fallback (an LLM buyer that failed). */
  buyer_fallbacks: number;
  violations: number;
  tokens: { prompt: number; completion: number } | null;
  latency_ms: number | null;
}

/** The episode id of one unit: distinct per agent, task, buyer and seed within a run. */
export const sellerUnitEpisodeId = (
  runId: string,
  agent: string,
  task: string,
  buyer: string,
  seed: number,
) => `${runId}.${agent}.${task}.${buyer}.${seed}`.slice(0, 255);

const addUsage = (t: SellerUnitResult["tokens"], u: ChatUsage | null | undefined) =>
  u
    ? { prompt: (t?.prompt ?? 0) + u.promptTokens, completion: (t?.completion ?? 0) + u.completionTokens }
    : t;

/** Play one agent through one seller-role episode and collect what the eval measures. */
export async function playSellerUnit(
  session: SellerEvalSession,
  agent: SellerAgent,
  u: { runId: string; task: string; buyer: string | undefined; seed: number; tells: boolean },
): Promise<SellerUnitResult> {
  try {
    const reset = await session.reset({
      task: u.task,
      seed: u.seed,
      episodeId: sellerUnitEpisodeId(u.runId, agent.id, u.task, u.buyer ?? "pinned", u.seed),
      tells: u.tells,
      ...(u.buyer !== undefined ? { buyer: u.buyer } : {}),
    });
    const tally = {
      decisions: 0,
      parse: 0,
      model: 0,
      buyerFallbacks: reset.buyerFallback ? 1 : 0,
      violations: 0,
      ret: 0,
      tokens: null as SellerUnitResult["tokens"],
      latency: null as number | null,
    };
    const total = reset.observation.career?.total_episodes ?? 1;
    // A buyer may end a deal on its opening move (a career then opens the next one at once).
    const first = reset.record === null ? [] : [reset.record];
    const records = reset.done
      ? []
      : await playLoop<
          SellerEvalStep["observation"],
          SellerAgentAct["action"],
          SellerAgentAct,
          SellerRecord,
          SellerEvalStep
        >(
          (a) => session.step(a),
          (obs, step) => agent.act(obs, { seed: u.seed, step }),
          {
            observation: reset.observation,
            label: `${agent.id} ${u.task} seed ${u.seed}`,
            wanted: total - first.length,
          },
          ({ act, res }) => {
            tally.decisions += 1;
            if (act.parseError) tally.parse += 1;
            if (act.error !== undefined) tally.model += 1;
            if (res.info.buyer_fallback) tally.buyerFallbacks += 1;
            tally.violations += res.info.violations.length;
            tally.ret += res.reward;
            tally.tokens = addUsage(tally.tokens, act.usage);
            if (act.latencyMs !== undefined) tally.latency = (tally.latency ?? 0) + act.latencyMs;
          },
        );
    const done = [...first, ...records].filter((r): r is SellerRecord => r !== null);
    if (done.length < total) throw new Error(`${u.task} seed ${u.seed}: the run did not finish`);
    return {
      agent: agent.id,
      task: reset.task,
      buyer: reset.buyer,
      persona_seller: reset.personaSeller,
      seed: u.seed,
      engine_version: reset.engineVersion,
      seller_role_version: reset.sellerRoleVersion,
      records: done,
      score: round4(done.reduce((sum, r) => sum + r.score, 0) / total),
      return: round4(tally.ret),
      decisions: tally.decisions,
      parse_errors: tally.parse,
      model_errors: tally.model,
      buyer_fallbacks: tally.buyerFallbacks,
      violations: tally.violations,
      tokens: tally.tokens,
      latency_ms: tally.latency,
    };
  } finally {
    await session.close();
  }
}

/** Play every unit of the plan (in a fixed order, `concurrency` at a time); results in plan order. */
export async function runSellerEval(plan: SellerEvalPlan, deps: SellerEvalDeps): Promise<SellerUnitResult[]> {
  const buyers: Array<string | undefined> = plan.buyers.length === 0 ? [undefined] : [...plan.buyers];
  const jobs = plan.agents.flatMap((agent) =>
    plan.tasks.flatMap((task) =>
      buyers.flatMap((buyer) => plan.seeds.map((seed) => ({ agent, task, buyer, seed }))),
    ),
  );
  const out: SellerUnitResult[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      const j = jobs[i] as (typeof jobs)[number];
      const unit = await playSellerUnit(deps.sessions(), j.agent, {
        runId: plan.runId,
        tells: plan.tells,
        ...j,
      });
      out[i] = unit;
      done += 1;
      deps.onUnit?.(unit, done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(deps.concurrency, jobs.length)) }, worker));
  return out;
}
