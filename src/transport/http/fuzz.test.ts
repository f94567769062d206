import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../testing/test-server";

let srv: TestServer;
let sid: string;
beforeAll(async () => {
  srv = await startTestServer({ maxSessions: 64, bodyLimitKb: 8 });
  sid = (await srv.post("/reset", { seed: 1 })).body.session_id;
});
afterAll(async () => {
  await srv.close();
});

const price = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constant("1e999"),
  fc.string(),
  fc.constant(null),
  fc.constant(-1),
);
const action = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom("offer", "accept", "walk", "haggle", ""),
      price,
      message: fc.string(),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
const sessionId = fc.oneof(fc.constant("SID"), fc.string(), fc.integer(), fc.constant(null));
const stepBody = fc.record(
  { session_id: sessionId, action, request_id: fc.string(), timeout_s: fc.double() },
  { requiredKeys: [] },
);
const resetBody = fc.record(
  {
    task: fc.oneof(fc.constantFrom("single_deal", "career_10", "nope"), fc.string()),
    seed: fc.oneof(fc.integer(), fc.double(), fc.string()),
    seller: fc.oneof(fc.constantFrom("bazaar-default@1", "x@1"), fc.string()),
    reward_mode: fc.oneof(fc.constantFrom("shaped", "terminal"), fc.string()),
    options: fc.anything(),
    episode_id: fc.string(),
  },
  { requiredKeys: [] },
);
const batchStepBody = fc.record(
  { steps: fc.oneof(fc.array(stepBody, { maxLength: 5 }), fc.anything()) },
  { requiredKeys: [] },
);

/** Encode a body; some bodies are deliberately broken JSON or non-JSON text. */
const encoded = (body: fc.Arbitrary<unknown>) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: body.map((b) => JSON.stringify(b)?.replaceAll('"SID"', JSON.stringify(sid)) ?? ""),
    },
    { weight: 1, arbitrary: fc.string() },
    { weight: 1, arbitrary: body.map((b) => (JSON.stringify(b) ?? "").slice(0, -1)) },
  );

/**
 * 2,100 fuzzed requests in three chunks of 700, each with its own seed and a timeout sized for a
 * loaded 2-core machine (one request can take tens of ms there): the same total as one run, but no
 * single test has to finish thousands of round trips inside the default deadline.
 */
const CHUNKS = 3;
const RUNS_PER_CHUNK = 700;

describe("fuzzed bodies", () => {
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    it(`never produce a 5xx and never take the server down (chunk ${chunk + 1}/${CHUNKS}, ${RUNS_PER_CHUNK} requests; >= 2,000 in all)`, async () => {
      const statuses = new Map<number, number>();
      const target = fc.oneof(
        encoded(stepBody).map((raw) => ["/step", raw] as const),
        encoded(resetBody).map((raw) => ["/reset", raw] as const),
        encoded(batchStepBody).map((raw) => ["/batch/step", raw] as const),
      );
      await fc.assert(
        fc.asyncProperty(target, async ([path, raw]) => {
          const r = await srv.postRaw(path, raw);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          // Capacity (503) is a correct answer once the fuzzer has opened many sessions.
          expect(r.status < 500 || r.status === 503).toBe(true);
          expect(r.body === null ? r.text : r.body).toBeTruthy();
          if (r.status >= 400) expect(r.body.error.code).toBeTypeOf("string");
        }),
        { numRuns: RUNS_PER_CHUNK, seed: 20260401 + chunk },
      );
      const health = await srv.get("/health");
      expect(health.status).toBe(200);
      expect(health.body.status).toBe("healthy");
      // Each chunk exercised both success and failure paths.
      expect(statuses.get(200)).toBeGreaterThan(0);
      expect(statuses.get(422)).toBeGreaterThan(0);
    }, 120_000);
  }
});
