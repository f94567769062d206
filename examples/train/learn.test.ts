import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PARAMS } from "../../eval/buyers/param-buyer";
import { startTestServer, type TestServer } from "../../src/testing/test-server";
import { BatchClient } from "./batch-client";
import { learn, policyFor } from "./learn";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

describe("example learner over HTTP", () => {
  it("plays a batch of seeds to the end and reads back the grades: shaped return equals the score on v2", async () => {
    const client = new BatchClient(srv.url, "single_deal@2");
    const policy = policyFor(DEFAULT_PARAMS);
    const results = await client.play([1, 2, 3, 4, 5].map((seed) => ({ policy, seed })));
    expect(results.map((r) => r.seed)).toEqual([1, 2, 3, 4, 5]);
    for (const r of results) expect(r.ret).toBeCloseTo(r.score, 3);
    // Replaying the same seeds in the reused sessions gives the same grades.
    const again = await client.play([1, 2, 3, 4, 5].map((seed) => ({ policy, seed })));
    expect(again).toEqual(results);
    await client.close();
  });

  it("runs CEM generations and reports a curve with held-out scores", async () => {
    const client = new BatchClient(srv.url, "single_deal@2");
    const rows: number[] = [];
    const r = await learn(client, 1, {
      generations: 2,
      population: 4,
      elite: 2,
      seedsPerGeneration: 3,
      trainPool: 50,
      heldOut: [900, 901, 902],
      seed: 1,
      initialStdShare: 0.3,
      heldOutEvery: 1,
      onGeneration: (g) => rows.push(g.generation),
    });
    await client.close();
    expect(rows).toEqual([1, 2]);
    expect(r.curve).toHaveLength(2);
    expect(r.start_params).toEqual(DEFAULT_PARAMS);
    for (const g of r.curve) {
      expect(g.elite_return).toBeGreaterThanOrEqual(g.train_return);
      expect(g.held_out_score as number).toBeGreaterThanOrEqual(0);
    }
  });
});
