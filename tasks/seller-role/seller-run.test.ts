import { describe, expect, it } from "vitest";
import { resolveBuyer } from "../../buyers/registry";
import type { ChatMessage, ChatModel } from "../../env/chat-model";
import { ENGINE_VERSION } from "../../env/engine-version";
import { SellerObservation } from "../../env/seller-role/seller-observation";
import { gradeSeller } from "./grade-seller";
import { scriptedSellerAgent } from "./scripted-seller-agent";
import { openSellerRun, SELLER_ROLE_VERSION, stepSellerRun } from "./seller-run";
import { requireSellerTask, UnknownSellerTaskError } from "./seller-tasks";

async function play(task: string, buyerKey: string, seed: number) {
  const { run, result } = await openSellerRun(task, { seed, episodeId: "t", buyer: resolveBuyer(buyerKey) });
  let r = result;
  while (!r.done) r = await stepSellerRun(run, scriptedSellerAgent(r.observation));
  return { run, last: r };
}

/** A chat model that answers from a script and keeps every prompt it was sent. */
function scriptedModel(replies: string[]): ChatModel & { prompts: ChatMessage[][] } {
  const prompts: ChatMessage[][] = [];
  let i = 0;
  return {
    id: "scripted",
    prompts,
    chat: async (messages) => {
      prompts.push(messages);
      return {
        text: replies[Math.min(i++, replies.length - 1)] ?? "",
        usage: null,
        latencyMs: 1,
        model: "scripted",
      };
    },
  };
}

describe("seller-role runs", () => {
  it("are deterministic: same task, buyer, seed and moves ⇒ byte-identical events; another seed differs", async () => {
    const a = await play("sell_single_deal@1", "tells-reader@1", 11);
    const b = await play("sell_single_deal@1", "tells-reader@1", 11);
    const c = await play("sell_single_deal@1", "tells-reader@1", 12);
    expect(JSON.stringify(a.run.episode.events)).toBe(JSON.stringify(b.run.episode.events));
    expect(JSON.stringify(a.run.episode.events)).not.toBe(JSON.stringify(c.run.episode.events));
  });

  it("record provenance: task version, buyer id@version+hash, persona seller, engine and role versions", async () => {
    const { last } = await play("sell_tough_buyer@1", "boulware@1", 3);
    expect(last.info).toMatchObject({
      role: "seller",
      task: "sell_tough_buyer@1",
      buyer: { id: "boulware", version: 1 },
      engine_version: ENGINE_VERSION,
      seller_role_version: SELLER_ROLE_VERSION,
    });
    expect(last.info.buyer.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(last.info.persona_seller.id).toBe("responsive");
  });

  it("give the agent its brief and a schema-valid observation without the buyer's budget", async () => {
    const { result, run } = await openSellerRun("sell_single_deal@1", {
      seed: 5,
      episodeId: "o",
      buyer: resolveBuyer("rule-smart@1"),
    });
    const obs = SellerObservation.parse(result.observation);
    expect(obs.brief.reservation).toBe(run.episode.reservation);
    expect(obs.brief.cost).toBe(run.episode.spec.seller_cost);
    expect(obs.buyer_last_offer).not.toBeNull();
    expect(JSON.stringify(obs)).not.toMatch(/budget|deadline/);
  });

  it("let the agent sell below its reservation, and charge it (never blocked)", async () => {
    const { run, result } = await openSellerRun("sell_single_deal@1", {
      seed: 1,
      episodeId: "b",
      buyer: resolveBuyer("rule-smart@1"),
    });
    const offer = result.observation.buyer_last_offer as number;
    expect(offer).toBeLessThan(result.observation.brief.reservation);
    const r = await stepSellerRun(run, { action_type: "accept", message: "fine, take it" });
    expect(r.done).toBe(true);
    expect(r.info.guard).toEqual([]);
    expect(r.info.seller_result).toMatchObject({
      outcome: "deal",
      agreed_price: offer,
      below_reservation: true,
      bonus: 0,
      score: 0,
    });
    expect(r.reward).toBeLessThan(-0.5);
    expect(gradeSeller([r.info.seller_result!]).below_reservation_rate).toBe(1);
  });

  it("charge a malformed counter and keep the game going", async () => {
    const { run } = await openSellerRun("sell_single_deal@1", {
      seed: 5,
      episodeId: "m",
      buyer: resolveBuyer("rule-smart@1"),
    });
    const r = await stepSellerRun(run, { action_type: "counter", message: "no price" });
    expect(r.info.violations).toEqual(["counter_not_a_number"]);
    expect(r.reward).toBe(-0.05);
  });

  it("an LLM buyer reads the seller agent's own words; a garbage reply plays the fallback and says so", async () => {
    const model = scriptedModel([
      '{"action": "offer", "price": 30, "message": "30?"}',
      "I am not JSON at all",
      '{"action": "offer", "price": 35, "message": "35 then"}',
    ]);
    const buyer = resolveBuyer("llm-ollama:fake@1", { chatModel: () => model });
    const { run, result } = await openSellerRun("sell_single_deal@1", { seed: 3, episodeId: "llm", buyer });
    expect(result.info.buyer_fallback).toBe(false);
    const words = "Hand-carved rosewood, zebra-striped polish, last one in the shop";
    const r = await stepSellerRun(run, {
      action_type: "counter",
      price: result.observation.own_last_quote - 1,
      message: words,
    });
    const sent =
      model.prompts
        .at(-1)
        ?.map((m) => m.content)
        .join("\n") ?? "";
    expect(sent).toContain(words);
    expect(r.info.buyer_fallback).toBe(true);
    expect(r.info.buyer.id).toBe("llm-ollama:fake");
  });

  it("grade deal rate, below-floor rate and score over records", () => {
    const base = { ask_price: 100, reservation: 60, cost: 40, rounds_taken: 3 };
    const g = gradeSeller([
      {
        ...base,
        outcome: "deal",
        agreed_price: 80,
        profit_over_reservation: 20,
        profit_share: 0.5,
        below_reservation: false,
        bonus: 2,
        reward: 0.5,
        score: 0.5,
      },
      {
        ...base,
        outcome: "walk",
        agreed_price: null,
        profit_over_reservation: 0,
        profit_share: 0,
        below_reservation: false,
        bonus: 0,
        reward: 0,
        score: 0,
      },
    ]);
    expect(g).toEqual({
      score: 0.25,
      deal_rate: 0.5,
      below_reservation_rate: 0,
      mean_profit_share: 0.5,
      mean_bonus: 1,
    });
  });

  it("name the tasks that exist when asked for one that does not", () => {
    expect(requireSellerTask("sell_single_deal").version).toBe("1");
    expect(() => requireSellerTask("sell_single_deal@9")).toThrow(UnknownSellerTaskError);
  });
});
