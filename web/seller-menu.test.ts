import { describe, expect, it } from "vitest";
import { llmPersonaKey, type MenuSeller, sellerMenuOptions } from "./seller-menu";

const sellers: MenuSeller[] = [
  { key: "bazaar-deceptive@1", id: "bazaar-deceptive", version: 1, kind: "classic", persona: "deceptive" },
  { key: "bazaar-deceptive@2", id: "bazaar-deceptive", version: 2, kind: "classic", persona: "deceptive" },
  { key: "boulware@1", id: "boulware", version: 1, kind: "time-based", persona: "boulware" },
  { key: "llm@1", id: "llm", version: 1, kind: "llm", persona: "default | firm | flexible | deceptive" },
];

const values = (html: string) => [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);

describe("the seller menu", () => {
  it("offers the newest rule versions and never the LLM template, which no one can pick", () => {
    const html = sellerMenuOptions(sellers, []);
    expect(values(html)).toEqual(["bazaar-deceptive@2", "boulware@1", ""]);
    expect(html).not.toContain("llm@1");
    expect(html).toContain("none configured");
    expect(html).toMatch(/<option value="" disabled>/);
  });

  it("lists each persona of a configured backend with the key /reset accepts", () => {
    const html = sellerMenuOptions(sellers, [
      { sellerKey: "llm-ollama:gemma3:4b@1", reachable: true, detail: "ok" },
    ]);
    expect(values(html).slice(2)).toEqual([
      "llm-ollama:gemma3:4b@1",
      "llm-ollama:gemma3:4b#firm@1",
      "llm-ollama:gemma3:4b#flexible@1",
      "llm-ollama:gemma3:4b#deceptive@1",
    ]);
    expect(html).not.toContain("disabled");
  });

  it("shows an unreachable backend disabled, with the reason", () => {
    const html = sellerMenuOptions(sellers, [
      { sellerKey: "llm-hf:org/model@1", reachable: false, detail: "HTTP 401 <bad token>" },
    ]);
    expect(html).toContain('<option value="llm-hf:org/model#firm@1" disabled>');
    expect(html).toContain("unavailable: HTTP 401 &lt;bad token&gt;");
  });

  it("puts the persona before the version", () => {
    expect(llmPersonaKey("llm-hf:https://x.example/ep@1", "deceptive")).toBe(
      "llm-hf:https://x.example/ep#deceptive@1",
    );
  });
});
