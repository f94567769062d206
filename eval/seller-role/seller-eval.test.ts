import { describe, expect, it } from "vitest";
import { resolveBuyer } from "../../buyers/registry";
import { bootstrapCi } from "../../env/bootstrap";
import type { ChatMessage, ChatModel } from "../../env/chat-model";
import { ENGINE_VERSION } from "../../env/engine-version";
import { formatPrice, round4 } from "../../env/money";
import { gradeSeller } from "../../tasks/seller-role/grade-seller";
import { scriptedSellerAgent } from "../../tasks/seller-role/scripted-seller-agent";
import { openSellerRun, SELLER_ROLE_VERSION, stepSellerRun } from "../../tasks/seller-role/seller-run";
import { llmSellerAgent } from "./llm-seller-agent";
import { scriptedSeller } from "./seller-agent";
import { SELLER_AGENT_PROMPT_HASH } from "./seller-agent-prompt-v1";
import { sellerBaseline } from "./seller-baseline";
import { runSellerEval } from "./seller-eval";
import { inProcessSellerSessions } from "./seller-eval-env";
import { SELLER_CI_SEED, summarizeSellerEval } from "./seller-eval-summary";

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

async function evalOf(
  agents: Parameters<typeof runSellerEval>[0]["agents"],
  tasks: string[],
  buyers: string[],
) {
  const units = await runSellerEval(
    { runId: "t", agents, tasks, buyers, seeds: SEEDS, tells: true },
    { sessions: inProcessSellerSessions(), transport: "in-process", concurrency: 3 },
  );
  const summary = summarizeSellerEval({
    runId: "t",
    transport: "in-process",
    agents,
    tasks,
    seeds: SEEDS,
    tells: true,
    gitCommit: "abc",
    units,
  });
  return { units, summary };
}

/** A chat model answering from a script (or throwing), keeping every prompt it was sent. */
function scriptedModel(replies: Array<string | Error>): ChatModel & { prompts: ChatMessage[][] } {
  const prompts: ChatMessage[][] = [];
  let i = 0;
  return {
    id: "scripted-model",
    prompts,
    chat: async (messages) => {
      prompts.push(messages);
      const r = replies[Math.min(i++, replies.length - 1)] ?? "";
      if (r instanceof Error) throw r;
      return { text: r, usage: { promptTokens: 100, completionTokens: 10 }, latencyMs: 1, model: "scripted" };
    },
  };
}

describe("bazaar eval --role seller, in-process", () => {
  it("scores the scripted seller agent as playing the engine directly does (same grader, same CI)", async () => {
    const tasks = ["sell_single_deal@2", "sell_tough_buyer@1"];
    const buyers = ["rule-smart@1", "boulware@1"];
    const { summary } = await evalOf([scriptedSeller], tasks, buyers);
    expect(summary.rows).toHaveLength(4);
    for (const task of tasks) {
      for (const key of buyers) {
        const records = [];
        for (const seed of SEEDS) {
          const o = await openSellerRun(task, { seed, episodeId: "d", buyer: resolveBuyer(key) });
          let r = o.result;
          while (!r.done) r = await stepSellerRun(o.run, scriptedSellerAgent(r.observation));
          records.push(...o.run.records);
        }
        const g = gradeSeller(records);
        const [lo, hi] = bootstrapCi(
          records.map((r) => r.score),
          { seed: SELLER_CI_SEED },
        );
        const row = summary.rows.find((r) => r.task === task && `${r.buyer.id}@${r.buyer.version}` === key);
        expect(row).toMatchObject({
          ...g,
          score_ci95: [round4(lo), round4(hi)],
          parse_error_rate: 0,
          flags: [],
        });
      }
    }
    // The baseline script is this eval with the scripted agent.
    const base = await sellerBaseline({ tasks, buyers, seeds: SEEDS, gitCommit: "abc" });
    expect(base.rows.map((r) => r.score)).toEqual(summary.rows.map((r) => r.score));
  });

  it("is reproducible and records the provenance of every number", async () => {
    const a = await evalOf([scriptedSeller], ["sell_single_deal@2"], []);
    const b = await evalOf([scriptedSeller], ["sell_single_deal@2"], []);
    expect(JSON.stringify(a.summary)).toBe(JSON.stringify(b.summary));
    expect(a.summary).toMatchObject({
      role: "seller",
      agents: [{ id: "scripted-seller", version: 1, hash: scriptedSeller.hash, prompt_hash: null }],
      engine_versions: [ENGINE_VERSION],
      seller_role_versions: [SELLER_ROLE_VERSION],
      git_commit: "abc",
    });
    expect(scriptedSeller.hash).toMatch(/^[0-9a-f]{16}$/);
    // No --buyer: the task's pinned buyer, named with its hash.
    expect(a.summary.rows[0]?.buyer).toMatchObject({ id: "rule-smart", version: 1 });
    expect(a.summary.rows[0]?.persona_sellers[0]).toMatchObject({ id: "responsive", version: 2 });
  });

  it("plays an LLM seller agent from its brief, and flags a model whose replies are garbage", async () => {
    const good = scriptedModel([
      JSON.stringify({ action: "counter", price: 66, message: "66, pure silk." }),
      JSON.stringify({ action: "accept", price: null, message: "Done." }),
    ]);
    const agent = llmSellerAgent({ model: good });
    expect(agent.promptHash).toBe(`seller-agent-v1:${SELLER_AGENT_PROMPT_HASH}`);
    const garbage = { ...llmSellerAgent({ model: scriptedModel(["I think maybe sixty?"]) }), id: "garbage" };
    const { units, summary } = await evalOf([agent, garbage], ["sell_single_deal@2"], ["rule-smart@1"]);
    // The model is told its own brief: reservation and cost are in the prompt, the buyer's budget never.
    const first = good.prompts[0]?.[1]?.content ?? "";
    const u = units.find((x) => x.agent === "scripted-model" && x.seed === 1);
    expect(first).toContain(`Your private reservation: ${u?.records[0]?.reservation}`);
    const { run } = await openSellerRun("sell_single_deal@2", {
      seed: 1,
      episodeId: "x",
      buyer: resolveBuyer("rule-smart@1"),
    });
    expect(first).not.toContain(formatPrice(run.episode.spec.buyer_budget));
    const goodRow = summary.rows.find((r) => r.agent === "scripted-model");
    const badRow = summary.rows.find((r) => r.agent === "garbage");
    expect(goodRow?.parse_error_rate).toBe(0);
    expect(goodRow?.flags).toEqual([]);
    expect(badRow?.parse_error_rate).toBe(1);
    expect(badRow?.flags[0]).toMatch(/100 % of the agent's replies were unusable/);
    // The fallback holds the standing price, so a silent model never sells below its floor.
    expect(badRow?.below_reservation_rate).toBe(0);
    expect(units.filter((x) => x.agent === "scripted-model").every((x) => x.tokens !== null)).toBe(true);
  });

  it("counts a failed model call as a model error and a parse error, and the episode still ends", async () => {
    const agent = llmSellerAgent({ model: scriptedModel([new Error("timed out")]) });
    const { units, summary } = await evalOf([agent], ["sell_tough_buyer@2"], []);
    expect(units.every((u) => u.model_errors === u.decisions && u.parse_errors === u.decisions)).toBe(true);
    expect(summary.rows[0]?.model_error_rate).toBe(1);
    expect(
      units
        .flatMap((u) => u.records.map((r) => r.outcome))
        .every((o) => ["deal", "walk", "expired"].includes(o)),
    ).toBe(true);
  });
});
