import { describe, expect, it } from "vitest";
import type { BuyerPolicy } from "../../buyers/buyer-policy";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import { memorySessionService } from "../testing/backends";
import { MatchRunner } from "./matches";

const settle = async (runner: MatchRunner, id: string) => {
  for (let i = 0; i < 200; i++) {
    const v = runner.get(id, 0);
    if (v.status !== "running") return v;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error("match did not end");
};

describe("MatchRunner", () => {
  it("plays through the session service and frees the session when the match ends", async () => {
    const service = memorySessionService();
    const runner = new MatchRunner({ service, buyer: (s) => buyerFromSpec(s) });
    const start = await runner.start({ buyer: "rule:naive", task: "single_deal", seed: 2 });
    const end = await settle(runner, start.match_id);
    expect(end).toMatchObject({ status: "finished", task: "single_deal", seed: 2 });
    expect(end.steps.map((s) => s.idx)).toEqual(end.steps.map((_, i) => i));
    expect(service.capacity().active_sessions).toBe(0);
  });

  it("keeps finished matches for the TTL, then forgets them; a full table drops the oldest finished", async () => {
    let now = 0;
    const runner = new MatchRunner({
      service: memorySessionService(),
      buyer: (s) => buyerFromSpec(s),
      now: () => now,
      ttlMs: 1000,
      maxKept: 2,
    });
    const a = await runner.start({ buyer: "rule:naive", task: "single_deal", seed: 1 });
    await settle(runner, a.match_id);
    const b = await runner.start({ buyer: "rule:naive", task: "single_deal", seed: 2 });
    await settle(runner, b.match_id);
    const c = await runner.start({ buyer: "rule:naive", task: "single_deal", seed: 3 });
    expect(() => runner.get(a.match_id, 0)).toThrow(expect.objectContaining({ status: 404 }));
    expect(runner.get(b.match_id, 0).status).toBe("finished");
    await settle(runner, c.match_id);
    now = 5000;
    expect(() => runner.get(b.match_id, 0)).toThrow(expect.objectContaining({ status: 404 }));
  });

  it("on stop, ends a running match at its next move as failed and refuses new ones", async () => {
    const service = memorySessionService();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const smart = buyerFromSpec("rule:smart");
    // A buyer that waits before its first move, like a slow model.
    const slow: BuyerPolicy = {
      ...smart,
      act: async (o, c) => {
        await gate;
        return smart.act(o, c);
      },
    };
    const runner = new MatchRunner({ service, buyer: () => slow });
    const m = await runner.start({ buyer: "slow", task: "single_deal", seed: 1 });
    const stopped = runner.stop();
    release();
    await stopped;
    const v = runner.get(m.match_id, 0);
    expect(v.status).toBe("failed");
    expect(v.error).toMatch(/shut down/);
    expect(v.replay).not.toBeNull();
    expect(service.capacity().active_sessions).toBe(0);
    await expect(runner.start({ buyer: "rule:smart", task: "single_deal", seed: 1 })).rejects.toMatchObject({
      status: 503,
    });
  });

  it("changed: waits for the next move (or the wait's end), answers at once past the end; unknown is 404", async () => {
    const service = memorySessionService();
    const gates: Array<() => void> = [];
    const smart = buyerFromSpec("rule:smart");
    // A buyer that moves only when the test lets it, like a slow model.
    const gated: BuyerPolicy = {
      ...smart,
      act: async (o, c) => {
        await new Promise<void>((r) => gates.push(r));
        return smart.act(o, c);
      },
    };
    const runner = new MatchRunner({ service, buyer: () => gated });
    const m = await runner.start({ buyer: "gated", task: "single_deal", seed: 4 });
    const idle = await runner.changed(m.match_id, 0, 20);
    expect(idle).toMatchObject({ status: "running", steps: [], total_steps: 0 });
    const next = runner.changed(m.match_id, 0, 10_000);
    while (gates.length === 0) await new Promise((r) => setTimeout(r, 1));
    gates.shift()?.();
    const woke = await next;
    expect(woke.steps.map((s) => s.idx)).toEqual([0]);
    // Let every further move through: the wait for the end resolves with the rest.
    const pump = setInterval(() => gates.shift()?.(), 1);
    let seen = woke.total_steps;
    let v = woke;
    while (v.status === "running") {
      v = await runner.changed(m.match_id, seen, 10_000);
      seen = v.total_steps;
    }
    clearInterval(pump);
    expect(v.status).toBe("finished");
    expect(v.replay).not.toBeNull();
    expect((await runner.changed(m.match_id, seen, 10_000)).steps).toEqual([]);
    await expect(runner.changed("m_nope", 0, 10)).rejects.toMatchObject({ status: 404 });
  });
});
