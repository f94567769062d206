import { describe, expect, it } from "vitest";
import { extractCues } from "../../env/tells/extract-cues";
import { readCuesLlm } from "../../sellers/llm/tell-spans-llm";
import { useFakeOllamaChat } from "../llm/testing/fake-ollama-chat";

const fake = useFakeOllamaChat("ministral-3:3b");
const chat = fake.chat;
const modelPath = (m: string) => extractCues(m, "model");

describe("readCuesLlm through the real Ollama client", () => {
  it("turns quoted cues into spans where the quotes stand, graded condition included", async () => {
    const message = "Kal subah nikal raha hu. Screen pe halka scratch hai.";
    fake.server().enqueue({
      kind: "text",
      text: '{"cues": [{"signal": "urgency", "quote": "kal subah nikal raha hu"}, {"signal": "condition", "quote": "halka scratch", "grade": "very_good"}, {"signal": "deception", "quote": "not in the message"}]}',
    });
    const r = await readCuesLlm(chat(), message, modelPath);
    expect(r.source).toBe("llm");
    expect(r.reading.spans.map((s) => [s.signal, s.text])).toEqual([
      ["urgency", "Kal subah nikal raha hu"],
      ["condition", "halka scratch"],
    ]);
    expect(r.reading.condition?.label).toBe("very_good");
  });

  it("falls back to the model path on a 500, a dropped connection and an unreadable reply", async () => {
    const message = "किराया देना है इस हफ्ते, थोड़ा तो समझिए";
    for (const reply of [
      { kind: "error" as const, status: 500 },
      { kind: "drop" as const, when: "before_headers" as const },
      { kind: "text" as const, text: "I think the seller is sad." },
    ]) {
      fake.server().enqueue(reply);
      const r = await readCuesLlm(chat(), message, modelPath);
      expect(r.source).toBe("fallback");
      expect(r.reading).toEqual(modelPath(message));
    }
  });
});
