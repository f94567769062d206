import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TELLS_MODEL_REF } from "../../../env/tells/extract-cues";
import { startTestServer, type TestServer } from "../../testing/test-server";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

async function playTwoTurns(
  body: Record<string, unknown>,
): Promise<{ type: string; [k: string]: unknown }[]> {
  const r = await srv.post("/reset", body);
  expect(r.status, r.text).toBe(200);
  await srv.post("/step", { session_id: r.body.session_id, action: { type: "offer", price: 20 } });
  await srv.post("/step", { session_id: r.body.session_id, action: { type: "offer", price: 25 } });
  // The log (hidden values included) is readable once the episode is over.
  await srv.post("/step", { session_id: r.body.session_id, action: { type: "walk" } });
  const ep = await srv.get(`/episodes/${body.episode_id as string}`);
  return ep.body.events;
}

describe("options.tells_extractor on reset", () => {
  it('"rules" is the default and leaves the recorded episode exactly as without the option', async () => {
    const plain = await playTwoTurns({ seed: 31, episode_id: "tx-plain" });
    const rules = await playTwoTurns({
      seed: 31,
      episode_id: "tx-rules",
      options: { tells_extractor: "rules" },
    });
    const strip = (events: unknown[]) => JSON.stringify(events).replaceAll(/tx-(plain|rules)/g, "ID");
    expect(strip(rules)).toBe(strip(plain));
    expect(plain[0]?.spec).not.toHaveProperty("tells_extractor");
  });

  it('"model" is recorded in the episode spec with the model version and content hash', async () => {
    const events = await playTwoTurns({
      seed: 31,
      episode_id: "tx-model",
      options: { tells_extractor: "model" },
    });
    const spec = events[0]?.spec as Record<string, unknown>;
    expect(spec.tells_extractor).toBe("model");
    expect(spec.tells_model).toEqual(TELLS_MODEL_REF);
    const replies = events.filter((e) => e.type === "seller_replied");
    expect(replies.length).toBeGreaterThan(0);
    for (const e of replies) expect(e.tells).not.toBeNull();
  });

  it("refuses an unknown extractor with 422", async () => {
    for (const bad of ["regex", "llm:", 3]) {
      const r = await srv.post("/reset", { seed: 1, options: { tells_extractor: bad } });
      expect(r.status, String(bad)).toBe(422);
    }
  });
});
