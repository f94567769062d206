import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Action } from "../../env/action";
import type { SellerRepliedEvent } from "../../env/events";
import { leaksHidden, leaksReservation } from "../../env/reservation-leak";
import type { RunState } from "../../env/run";
import { sellerKey } from "../../env/seller-policy";
import { resolveSeller } from "../../sellers/registry";
import { RELEASE_LOCK } from "../../sellers/releases";
import { stepWithSeller } from "../../sellers/step-with-seller";
import type { Listing } from "../../tasks/listings/listing";
import { openRun } from "../../tasks/open-run";
import { chatModelFromSpec } from "../llm/chat-model-from-spec";
import { readLlmConfig } from "../llm/config";
import { type FakeOllamaServer, startFakeOllamaServer } from "../llm/testing/fake-ollama-server";
import { startFakeOpenAiServer } from "../llm/testing/fake-openai-server";
import type { ScriptedReply, ScriptedServer } from "../llm/testing/scripted-http-server";
import { type ResolvedSeller, resolveSellerSpec } from "./resolve-seller-spec";

// Real ollama and @huggingface/inference clients, gated by withResilience, against wire-level fakes.
let ollama: FakeOllamaServer;
let openai: ScriptedServer;
beforeAll(async () => {
  ollama = await startFakeOllamaServer({ models: ["gemma3:4b"] });
  openai = await startFakeOpenAiServer();
});
afterAll(async () => {
  await ollama.close();
  await openai.close();
});
beforeEach(() => {
  ollama.reset();
  openai.reset();
});

function seller(key: string): ResolvedSeller {
  const config = readLlmConfig({ OLLAMA_HOST: ollama.url });
  return resolveSellerSpec(key, {
    chatModel: (spec) =>
      chatModelFromSpec(spec, {
        config,
        deps: { now: Date.now },
        policy: {
          timeoutMs: 600,
          retries: 1,
          backoffBaseMs: 1,
          backoffMaxMs: 2,
          breaker: { failures: 1000 },
        },
      }),
  });
}

const json = (o: Record<string, unknown>): ScriptedReply => ({ kind: "text", text: JSON.stringify(o) });
const text = (t: string): ScriptedReply => ({ kind: "text", text: t });
const slow = (o: Record<string, unknown>, delayMs: number): ScriptedReply => ({
  kind: "text",
  text: JSON.stringify(o),
  delayMs,
});
const offer = (price: number, message = "Thoda kam karo"): Action => ({ type: "offer", price, message });

const replies = (run: RunState): SellerRepliedEvent[] =>
  [...run.finished, run.episode].flatMap((e) =>
    e.events.filter((x): x is SellerRepliedEvent => x.type === "seller_replied"),
  );

async function play(s: ResolvedSeller, offers: number[], task = "single_deal", listings?: Listing[]) {
  const run = openRun(task, { seed: 1, episodeId: "llm", listings, seller: s.policy });
  for (const price of offers) {
    if (run.episode.done) break;
    await stepWithSeller(run, offer(price), s);
  }
  return run;
}

// Street 42,857.14 → cost 30,000 → reservation 31,500; the opening ask is the MRP.
const CAMERA: Listing = {
  id: "cam",
  name: "Mirrorless camera",
  category: "electronics",
  listPrice: 60_000,
  streetPrice: 42_857.14,
  source: "builtin",
};

/** The hard rules, checked on the recorded log whatever the model said. */
function assertRules(run: RunState): void {
  const e = run.episode;
  const opening = e.events[0];
  if (opening?.type !== "episode_started") throw new Error("no opening event");
  // Nothing hidden is said, except as the price the turn itself quotes (that is public anyway).
  const said = [{ message: opening.message, price: e.anchor }, ...replies(run)];
  const hidden = [e.reservation, e.spec.seller_cost];
  for (const m of said) expect(leaksHidden(m.message, hidden, m.price), m.message).toBe(false);
  let last = e.anchor;
  for (const r of replies(run)) {
    if (r.action === "counter") {
      expect(r.price as number).toBeLessThanOrEqual(last);
      expect(r.price as number).toBeGreaterThanOrEqual(e.reservation);
      last = r.price as number;
    }
    if (r.action === "accept") expect(r.price as number).toBeGreaterThanOrEqual(e.reservation);
  }
}

const systemPrompts = (server: ScriptedServer): string[] =>
  server.chatRequests().map((r) => {
    const body = r.body as { messages: { role: string; content: string }[] };
    return body.messages.find((m) => m.role === "system")?.content ?? "";
  });

describe("LLM seller episodes through the real Ollama client", () => {
  it("uses a good JSON reply as the seller's move, records its identity, and never prompts with the reservation", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(json({ message: "Itna kam nahi, ₹54 last.", action: "counter", price: 54 }));
    const run = await play(s, [30]);
    expect(replies(run)[0]).toMatchObject({ source: "external", action: "counter", price: 54, guard: [] });
    expect(sellerKey(run.episode.seller)).toBe("llm-ollama:gemma3:4b@2");
    expect(run.episode.seller.hash).not.toBe(RELEASE_LOCK["llm@2"]);
    expect(ollama.chatRequests()).toHaveLength(1);
    for (const p of systemPrompts(ollama)) {
      expect(p).toContain("₹60");
      expect(p).not.toContain("31.5");
    }
    const body = ollama.chatRequests()[0]?.body as { format?: string; options?: { stop?: string[] } };
    expect(body.format).toBe("json");
    expect(body.options?.stop).toEqual(expect.arrayContaining(["<|eot_id|>", "<end_of_turn>"]));
    assertRules(run);
  });

  it("opens with its fallback persona's rule line and asks the model nothing before the first offer", async () => {
    const run = await play(seller("llm-ollama:gemma3:4b#firm@2"), []);
    const rule = openRun("single_deal", { seed: 1, episodeId: "llm", seller: resolveSeller("boulware@1") });
    const [opening, ruleOpening] = [run.episode.events[0], rule.episode.events[0]];
    if (opening?.type !== "episode_started" || ruleOpening?.type !== "episode_started")
      throw new Error("no opening event");
    expect(opening.message).toBe(ruleOpening.message);
    expect(run.episode.anchor).toBe(rule.episode.anchor);
    expect(ollama.chatRequests()).toHaveLength(0);
  });

  it("sends llm@1's turn prompts unchanged under llm@2 and llm@3; no version means the latest", async () => {
    const logs: { events: string; prompts: string }[] = [];
    const keys = [
      "llm-ollama:gemma3:4b@1",
      "llm-ollama:gemma3:4b@2",
      "llm-ollama:gemma3:4b@3",
      "llm-ollama:gemma3:4b",
    ];
    for (const key of keys) {
      ollama.reset();
      ollama.enqueue(json({ message: "₹52 then.", action: "counter", price: 52 }));
      const run = await play(seller(key), [30]);
      const [started, ...rest] = run.episode.events;
      if (started?.type !== "episode_started") throw new Error("no opening event");
      expect(started.seller.version).toBe(Number(/@(\d)$/.exec(key)?.[1] ?? 3));
      const events = [{ ...started, seller: started.seller.id }, ...rest];
      logs.push({
        events: JSON.stringify(events),
        prompts: JSON.stringify(ollama.chatRequests().map((r) => r.body)),
      });
    }
    const [v1, v2, v3, bare] = logs;
    // @2 differs from @1 only where its fallback persona speaks (the honest-speech opening line);
    // the instructions the model is given are the same. @3 differs from @2 only in how the guard
    // writes its price, which "₹52" already is.
    const system = (l: typeof v1) => JSON.parse(l?.prompts ?? "[]")[0]?.messages?.[0];
    expect(system(v2)).toEqual(system(v1));
    expect(system(v2)?.role).toBe("system");
    expect(v3).toEqual(v2);
    expect(bare).toEqual(v3);
  });

  it("reads JSON in code fences, inside prose, and behind a think block", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(text('```json\n{"message": "Fifty-five, final.", "action": "counter", "price": 55}\n```'));
    ollama.enqueue(
      text('Sure, here you go: {"message": "Okay 52.", "action": "counter", "price": 52} hope it helps'),
    );
    ollama.enqueue(
      text("<think>the buyer is low</think>{'message': 'Chalo 50', 'action': 'counter', 'price': 50,}"),
    );
    const run = await play(s, [20, 22, 24]);
    expect(replies(run).map((r) => [r.source, r.price])).toEqual([
      ["external", 55],
      ["external", 52],
      ["external", 50],
    ]);
    assertRules(run);
  });

  it("falls back to the rule persona on garbage, and marks the turn", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(text("<<< ~~~ no json here"));
    const run = await play(s, [30]);
    const [r] = replies(run);
    expect(r?.source).toBe("fallback");
    expect(r?.action).toBe("counter");
    assertRules(run);
  });

  it("turns an accept below the reservation into a counter, recorded as a guard intervention", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(json({ message: "Okay, ₹25, deal!", action: "accept", price: 25 }));
    const run = await play(s, [25]);
    const [r] = replies(run);
    expect(r?.guard.map((g) => g.rule)).toContain("accept_below_reservation");
    expect(r).toMatchObject({ source: "external", action: "counter", price: 60 });
    expect(r?.message).not.toContain("25");
    assertRules(run);
  });

  it("clamps a counter below the reservation and keeps the model's words with the price moved, as any public counter", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(json({ message: "₹28, yours.", action: "counter", price: 28 }));
    const run = await play(s, [20]);
    const [r] = replies(run);
    expect(r?.guard.map((g) => g.rule)).toEqual(["counter_below_reservation"]);
    expect(r?.price).toBe(31.5);
    // No fixed restated line: that would tell the buyer the counter had been clamped to the floor.
    expect(r?.message).toBe("₹31.50, yours.");
    expect(leaksReservation([r as SellerRepliedEvent], 31.5)).toBe(false);
    assertRules(run);
  });

  it("holds a counter that rises above the last counter at the last counter", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(
      json({ message: "₹50.", action: "counter", price: 50 }),
      json({ message: "Actually ₹58.", action: "counter", price: 58 }),
    );
    const run = await play(s, [30, 31]);
    const second = replies(run)[1];
    expect(second?.guard.map((g) => g.rule)).toEqual(["counter_above_last_quote"]);
    expect(second?.price).toBe(50);
    assertRules(run);
  });

  it("accepts an offer at or above the reservation even when the model counters", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(json({ message: "₹58.", action: "counter", price: 58 }));
    const run = await play(s, [40]);
    expect(replies(run)[0]).toMatchObject({ action: "accept", price: 40 });
    expect(replies(run)[0]?.guard.map((g) => g.rule)).toEqual(["offer_at_reservation_accepted"]);
    expect(run.episode.outcome).toBe("deal");
  });

  it("redacts the reservation stated as 31.5, 31.50 and ₹32", async () => {
    for (const said of [
      "I cannot go under 31.5 at all.",
      "Nothing below 31.50, sorry.",
      "₹32 is where I stop.",
    ]) {
      ollama.reset();
      const s = seller("llm-ollama:gemma3:4b@2");
      ollama.enqueue(json({ message: said, action: "counter", price: 45 }));
      const run = await play(s, [30]);
      const [r] = replies(run);
      expect(r?.guard.map((g) => g.rule)).toEqual(["reservation_in_text"]);
      expect(r?.price).toBe(45);
      expect(leaksReservation([r as SellerRepliedEvent], 31.5)).toBe(false);
      assertRules(run);
    }
  });

  it("redacts a large reservation written as 31,500, ₹31,500, Rs. 31500 and 31.5k", async () => {
    for (const said of [
      "Not under 31,500.",
      "₹31,500 is my floor.",
      "Rs. 31500 minimum.",
      "Can't do below 31.5k.",
    ]) {
      ollama.reset();
      const s = seller("llm-ollama:gemma3:4b@2");
      ollama.enqueue(json({ message: said, action: "counter", price: 50_000 }));
      const run = await play(s, [20_000], "amazon_realistic", [CAMERA]);
      expect(run.episode.reservation).toBe(31_500);
      const [r] = replies(run);
      expect(r?.guard.map((g) => g.rule)).toEqual(["reservation_in_text"]);
      expect(leaksReservation([r as SellerRepliedEvent], 31_500)).toBe(false);
      assertRules(run);
    }
  });

  it("falls back on a reply slower than the deadline, and the episode goes on", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(slow({ message: "late", action: "counter", price: 50 }, 5_000));
    ollama.enqueue(json({ message: "₹52 then.", action: "counter", price: 52 }));
    const run = await play(s, [20, 22]);
    expect(replies(run).map((r) => r.source)).toEqual(["fallback", "external"]);
    assertRules(run);
  });

  it("retries a 500 once, and falls back when 500s persist", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(
      { kind: "error", status: 500 },
      json({ message: "₹52.", action: "counter", price: 52 }),
      { kind: "error", status: 500 },
      { kind: "error", status: 503 },
    );
    const run = await play(s, [20, 22]);
    expect(replies(run).map((r) => r.source)).toEqual(["external", "fallback"]);
    assertRules(run);
  });

  it("falls back on dropped connections, before headers and mid-body", async () => {
    const s = seller("llm-ollama:gemma3:4b@2");
    ollama.enqueue(
      { kind: "drop", when: "before_headers" },
      { kind: "drop", when: "before_headers" },
      { kind: "drop", when: "mid_body" },
      { kind: "drop", when: "mid_body" },
    );
    const run = await play(s, [20, 22]);
    expect(replies(run).map((r) => r.source)).toEqual(["fallback", "fallback"]);
    assertRules(run);
  });

  it("always finishes: a dead backend plays a whole episode on the fallback", async () => {
    const s = seller("llm-ollama:gemma3:4b#deceptive@2");
    ollama.setFallback({ kind: "error", status: 500 });
    const run = await play(s, [10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]);
    expect(run.episode.done).toBe(true);
    expect(run.episode.seller.id).toBe("llm-ollama:gemma3:4b#deceptive");
    expect(replies(run).every((r) => r.source === "fallback")).toBe(true);
    expect(run.episode.events[0]?.type === "episode_started" && run.episode.events[0].persona).toBe(
      "deceptive",
    );
    assertRules(run);
  });
});

describe("llm@3 says its own price with the one price formatter (#17)", () => {
  const V3 = "llm-ollama:gemma3:4b@3";
  /** The recorded seller lines (guard rules: words) of one episode, the model answering `said`. */
  async function lines(key: string, said: Record<string, unknown>[], offers: number[], task?: string) {
    ollama.reset();
    ollama.enqueue(...said.map(json));
    const run = await play(seller(key), offers, task, task === undefined ? undefined : [CAMERA]);
    assertRules(run);
    return replies(run).map((r) => `${r.guard.map((g) => g.rule).join("+")}: ${r.message}`);
  }

  it("a clamped counter says ₹ with its paise under @3; @2 keeps the bare digits it recorded", async () => {
    const said = [{ message: "Theek hai, 28 rupees, yours.", action: "counter", price: 28 }];
    expect(await lines("llm-ollama:gemma3:4b@2", said, [20])).toEqual([
      "counter_below_reservation: Theek hai, 31.50 rupees, yours.",
    ]);
    expect(await lines(V3, said, [20])).toEqual(["counter_below_reservation: Theek hai, ₹31.50, yours."]);
  });

  it("a clamped counter reads like the same counter proposed outright, however the model wrote it", async () => {
    const clamped = await lines(V3, [{ message: "Rs. 25 final.", action: "counter", price: 25 }], [20]);
    const outright = await lines(V3, [{ message: "31.5/- final.", action: "counter", price: 31.5 }], [20]);
    expect(clamped).toEqual(["counter_below_reservation: ₹31.50 final."]);
    expect(outright).toEqual([": ₹31.50 final."]);
  });

  it("large prices get Indian grouping, and a wordless reply gets an exact restated line", async () => {
    const said = [
      { message: "50000 rupees, best price.", action: "counter", price: 50_000 },
      { message: "Rs 52000 last.", action: "counter", price: 52_000 },
      { message: "", action: "counter", price: 48_250.5 },
    ];
    expect(await lines(V3, said, [20_000, 21_000, 22_000], "amazon_realistic")).toEqual([
      ": ₹50,000, best price.",
      "counter_above_last_quote: ₹50,000 last.",
      ": I can do ₹48,250.50, and that is as far as I go today.",
    ]);
  });
});

describe("LLM seller episodes through the real Hugging Face client", () => {
  it("plays an endpoint-backed seller with guard corrections and fallbacks recorded", async () => {
    const s = seller(`llm-hf:${openai.url}/v1#firm@2`);
    openai.enqueue(
      text('Here: {"message": "₹57, firm.", "action": "counter", "price": 57}'),
      json({ message: "₹59 now.", action: "counter", price: 59 }),
      { kind: "error", status: 500 },
      { kind: "error", status: 500 },
      json({ message: "Deal at your price!", action: "accept", price: 20 }),
    );
    const run = await play(s, [20, 22, 24, 20]);
    const rs = replies(run);
    expect(rs.map((r) => r.source)).toEqual(["external", "external", "fallback", "external"]);
    expect(rs[1]?.guard.map((g) => g.rule)).toEqual(["counter_above_last_quote"]);
    expect(rs[3]?.guard.map((g) => g.rule)).toContain("accept_below_reservation");
    expect(run.episode.seller.id).toBe(`llm-hf:${openai.url}/v1#firm`);
    for (const p of systemPrompts(openai)) expect(p).not.toContain("31.5");
    assertRules(run);
  });
});
