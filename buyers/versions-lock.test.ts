import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resolveBuyer, UnknownBuyerReleaseError } from "./registry";
import { BUYER_RELEASES, buyerReleaseHash, buyerReleaseKey } from "./releases";

const LOCK = JSON.parse(readFileSync(new URL("./versions.lock.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;

describe("released buyer versions are frozen", () => {
  it("every release's recomputed hash equals the lock file (a change means a new version)", () => {
    for (const r of BUYER_RELEASES) {
      const key = buyerReleaseKey(r);
      expect(
        buyerReleaseHash(r),
        `${key} changed: release ${r.id}@${r.version + 1} instead of editing it`,
      ).toBe(LOCK[key]);
    }
    expect(Object.keys(LOCK).sort()).toEqual(BUYER_RELEASES.map(buyerReleaseKey).sort());
    expect(new Set(BUYER_RELEASES.map(buyerReleaseKey)).size).toBe(BUYER_RELEASES.length);
  });

  it("resolves exact keys and bare ids to the pinned ref, and names what exists otherwise", () => {
    const smart = resolveBuyer("rule-smart@1");
    expect(smart.ref).toEqual({ id: "rule-smart", version: 1, hash: LOCK["rule-smart@1"] });
    expect(smart.policy.id).toBe("rule:smart");
    expect(resolveBuyer("boulware").ref.version).toBe(1);
    expect(() => resolveBuyer("rule-smart@9")).toThrow(UnknownBuyerReleaseError);
    expect(() => resolveBuyer("rule-smart@x")).toThrow(/positive integer/);
    expect(() => resolveBuyer("nobody@1")).toThrow(/rule-smart@1.*llm-ollama:<tag>@1/);
  });

  it("an LLM buyer needs a backend, and its hash pins template and model together", () => {
    expect(() => resolveBuyer("llm-ollama:gemma3:4b@1")).toThrow(/configured backend/);
    const model = { id: "fake", chat: async () => ({ text: "", usage: null, latencyMs: 0, model: "fake" }) };
    const a = resolveBuyer("llm-ollama:gemma3:4b@1", { chatModel: () => model });
    const b = resolveBuyer("llm-ollama:llama3.2:3b@1", { chatModel: () => model });
    expect(a.ref.id).toBe("llm-ollama:gemma3:4b");
    expect(a.model).toBe("ollama:gemma3:4b");
    expect(a.ref.hash).not.toBe(b.ref.hash);
    expect(a.ref.hash).toMatch(/^[0-9a-f]{16}$/);
  });
});
