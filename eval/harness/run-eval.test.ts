import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { BuyerPolicy } from "../../buyers/buyer-policy";
import { buyerFromSpec } from "../../buyers/buyer-registry";
import type { Observation } from "../../env/observation";
import { inProcessSessions } from "./in-process-session";
import { memoryStore } from "./memory-store";
import { type EvalPlan, runEval } from "./run-eval";

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), "fixtures", "summary-rule3-task3-seeds30.json");
const seeds = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
const deps = (store = memoryStore()) => ({
  sessions: inProcessSessions,
  transport: "in-process" as const,
  gitCommit: "fixture",
  concurrency: 4,
  store,
});

const plan = (over: Partial<EvalPlan> = {}): EvalPlan => ({
  runId: "test-run",
  buyers: ["rule:naive", "rule:smart", "rule:aggressive"].map((s) => buyerFromSpec(s)),
  tasks: ["single_deal", "asymmetric_pressure", "amazon_realistic"],
  seeds: seeds(30),
  tells: true,
  ...over,
});

describe("runEval", () => {
  it("plays 3 rule buyers × 3 tasks × 30 seeds and reproduces the stored summary", async () => {
    const out = await runEval(plan(), deps());
    expect(out.units).toHaveLength(270);
    const text = `${JSON.stringify(out.summary, null, 2)}\n`;
    if (process.env.BAZAAR_WRITE_FIXTURES === "1") writeFileSync(FIXTURE, text);
    expect(text).toBe(readFileSync(FIXTURE, "utf8"));
    const again = await runEval(plan(), { ...deps(), concurrency: 1 });
    expect(JSON.stringify(again.summary)).toBe(JSON.stringify(out.summary));
  });

  it("stamps every unit with seller, buyer, task, engine and commit identities", async () => {
    const out = await runEval(plan({ seeds: [1], tasks: ["deceptive_seller"] }), deps());
    for (const u of out.units) {
      expect(u.seller_key).toBe("bazaar-deceptive@1");
      expect(u.seller.hash).toMatch(/^[0-9a-f]{16}$/);
      expect(u).toMatchObject({
        task_version: "1",
        engine_version: expect.any(String),
        git_commit: "fixture",
        tells: true,
      });
      expect(u.buyer_prompt_hash).toBeNull();
    }
  });

  it("plays every episode of a career (career_10: ten records per seed) and grades them all", async () => {
    const out = await runEval(plan({ tasks: ["career_10"], seeds: seeds(3) }), deps());
    for (const u of out.units) {
      expect(u.records.map((r) => r.episode)).toEqual(seeds(10));
      expect(u.episodes_completed).toBe(10);
    }
    expect(out.summary.rows[0]?.episodes).toBe(30);
  });

  it("resumes a run: finished units are skipped and the summary is unchanged", async () => {
    const store = memoryStore();
    const small = plan({ seeds: seeds(4) });
    const full = await runEval(small, deps(store));
    const partial = memoryStore(store.units.filter((u) => u.seed <= 2));
    const resumed = await runEval(small, deps(partial));
    expect(resumed.skipped).toBe(18);
    expect(resumed.played).toBe(18);
    expect(JSON.stringify(resumed.summary)).toBe(JSON.stringify(full.summary));
  });

  it("tells on and off give different observations on the same seeds", async () => {
    const seen: Record<string, Array<Observation["tells"]>> = { on: [], off: [] };
    const spy = (key: "on" | "off"): BuyerPolicy => {
      const inner = buyerFromSpec("rule:smart");
      return {
        ...inner,
        act: async (obs, ctx) => {
          seen[key]?.push(obs.tells);
          return inner.act(obs, ctx);
        },
      };
    };
    await runEval(
      plan({ buyers: [spy("on")], tasks: ["deceptive_seller"], seeds: seeds(3), tells: true }),
      deps(),
    );
    await runEval(
      plan({ buyers: [spy("off")], tasks: ["deceptive_seller"], seeds: seeds(3), tells: false }),
      deps(),
    );
    expect(seen.on?.some((t) => t !== null)).toBe(true);
    expect(seen.off?.every((t) => t === null)).toBe(true);
  });
});
