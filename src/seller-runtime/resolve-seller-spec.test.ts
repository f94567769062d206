import { describe, expect, it } from "vitest";
import type { ChatModel } from "../../env/chat-model";
import { sellerKey } from "../../env/seller-policy";
import { describeSeller, UnknownSellerError } from "../../sellers/registry";
import { openRun } from "../../tasks/open-run";
import { createOllamaChatModel } from "../llm/ollama-chat-model";
import { resolveSellerSpec } from "./resolve-seller-spec";

// Building a client opens no connection, so an unused host is fine here.
const asked: string[] = [];
const deps = {
  chatModel: (spec: string): ChatModel => {
    asked.push(spec);
    return createOllamaChatModel({ host: "http://127.0.0.1:9", model: spec.slice("ollama:".length) });
  },
};

describe("resolveSellerSpec", () => {
  it("resolves rule releases without a model and records them on the episode", () => {
    const r = resolveSellerSpec("conceder@1", deps);
    expect(r.propose).toBeUndefined();
    const run = openRun("single_deal", { seed: 2, episodeId: "x", seller: r.policy });
    expect(run.episode.seller).toEqual(r.policy.ref);
    expect(sellerKey(run.episode.seller)).toBe("conceder@1");
  });

  it("builds an LLM seller whose key round-trips and whose hash depends on model and persona", () => {
    const a = resolveSellerSpec("llm-ollama:gemma3:4b@1", deps);
    const b = resolveSellerSpec("llm-ollama:gemma3:4b#firm@1", deps);
    const c = resolveSellerSpec("llm-ollama:llama3.2:3b", deps);
    expect(asked).toContain("ollama:gemma3:4b");
    expect(typeof a.propose).toBe("function");
    expect(sellerKey(a.policy.ref)).toBe("llm-ollama:gemma3:4b@1");
    expect(sellerKey(b.policy.ref)).toBe("llm-ollama:gemma3:4b#firm@1");
    expect(new Set([a, b, c].map((x) => x.policy.ref.hash)).size).toBe(3);
    expect(resolveSellerSpec("llm-ollama:gemma3:4b@1", deps).policy.ref.hash).toBe(a.policy.ref.hash);
    expect(a.policy.acceptAtReservation).toBe(true);
    const d = describeSeller(b.policy);
    expect(d).toMatchObject({ kind: "llm", persona: "firm", params: { model: "ollama:gemma3:4b" } });
  });

  it("rejects unknown template versions, personas and rule ids with the list of what exists", () => {
    for (const key of ["llm-ollama:gemma3:4b@9", "llm-ollama:gemma3:4b#grumpy@1", "boulware@9"]) {
      expect(() => resolveSellerSpec(key, deps)).toThrow(UnknownSellerError);
      try {
        resolveSellerSpec(key, deps);
      } catch (err) {
        expect((err as UnknownSellerError).available).toContain("boulware@1");
      }
    }
  });
});
