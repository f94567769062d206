import { describe, expect, it } from "vitest";
import { extractTellsLlm } from "../../sellers/llm/tell-extractor";
import { useFakeOllamaChat } from "../llm/testing/fake-ollama-chat";

const fake = useFakeOllamaChat("ministral-3:3b");
const model = fake.chat;

describe("extractTellsLlm through the real Ollama client", () => {
  it("returns the model's reading", async () => {
    fake.server().enqueue({
      kind: "text",
      text: '{"urgency": 0.9, "confidence": 0.8, "deception": 0.7, "offer_speed": "instant", "concession_pattern": "stalling", "emotional_escalation": 0.4, "condition_score": 1, "depreciation_score": 0, "condition_label": "unknown"}',
    });
    const r = await extractTellsLlm(model(), "Teen log aur hain, jaldi karo!", ["Aaiye"]);
    expect(r).toMatchObject({ urgency: 0.9, deception: 0.7, offer_speed: "instant" });
    const body = fake.server().chatRequests()[0]?.body as {
      format?: string;
      options?: { temperature?: number };
    };
    expect(body.format).toBe("json");
    expect(body.options?.temperature).toBe(0.1);
  });

  it("is null on garbage, a 500, a dropped connection and a reply past the deadline", async () => {
    fake
      .server()
      .enqueue(
        { kind: "text", text: "I think the seller is nervous." },
        { kind: "error", status: 500 },
        { kind: "drop", when: "before_headers" },
        { kind: "text", text: "{}", delayMs: 5_000 },
      );
    for (let i = 0; i < 4; i++) expect(await extractTellsLlm(model(), "Last price.")).toBeNull();
  });
});
