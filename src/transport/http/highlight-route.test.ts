import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractCues } from "../../../env/tells/extract-cues";
import { exclusiveSpans, readCues } from "../../../env/tells/verbal";
import { type LiveBackend, startRealServer } from "../../testing/backends";
import type { HighlightResponse } from "../../wire/highlight";

let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

const post = (body: unknown) =>
  fetch(`${server.url}/highlight`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("POST /highlight", () => {
  it("returns the exclusive cue spans and the per-signal scores of the message (rules alone)", async () => {
    const message = "Another buyer came this morning; decide quickly, the price is fixed.";
    const res = await post({ message, extractor: "rules" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as HighlightResponse;
    const reading = readCues(message);
    expect(body.spans).toEqual(exclusiveSpans(reading.spans));
    expect(body.aggregate).toEqual(reading.aggregate);
    expect(body.spans.length).toBeGreaterThan(0);
    for (const s of body.spans) expect(message.slice(s.start, s.end)).toBe(s.text);
  });

  it("answers an empty list for a message without cues", async () => {
    const body = (await (await post({ message: "" })).json()) as HighlightResponse;
    expect(body).toEqual({ spans: [], aggregate: {} });
  });

  it('reads with the learned layer by default, or as extractor "model" (and an llm id falls back to it)', async () => {
    const message = "किराया देना है इस हफ्ते, थोड़ा तो समझिए";
    const rules = (await (await post({ message, extractor: "rules" })).json()) as HighlightResponse;
    const model = (await (await post({ message, extractor: "model" })).json()) as HighlightResponse;
    const plain = (await (await post({ message })).json()) as HighlightResponse;
    expect(plain).toEqual(model);
    const llm = (await (
      await post({ message, extractor: "llm:ollama:llama3.2:3b" })
    ).json()) as HighlightResponse;
    const reading = extractCues(message, "model");
    expect(model).toEqual({ spans: exclusiveSpans(reading.spans), aggregate: reading.aggregate });
    expect(model.aggregate.sympathy).toBeGreaterThan(0);
    expect(rules.aggregate.sympathy).toBeUndefined();
    expect(llm).toEqual(model);
  });

  it("refuses a missing, overlong or padded body with 422", async () => {
    for (const bad of [
      {},
      { message: "x".repeat(2001) },
      { message: 5 },
      { message: "hi", extra: 1 },
      { message: "hi", extractor: "magic" },
    ]) {
      const res = await post(bad);
      expect(res.status, JSON.stringify(bad).slice(0, 40)).toBe(422);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe("VALIDATION_ERROR");
    }
  });
});
