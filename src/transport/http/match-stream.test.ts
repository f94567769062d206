import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSse } from "../../exchange/testing/sse-reader";
import { startTestServer, type TestServer } from "../../testing/test-server";
import { MatchStep, MatchView } from "../../wire/match";

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv.close();
});

const ended = (evs: { event: string | null }[]) => evs.some((e) => e.event === "end");

async function startMatch(seed: number, buyer = "rule:smart"): Promise<string> {
  const r = await srv.post("/matches", { buyer, task: "single_deal", seed });
  expect(r.status).toBe(201);
  return r.body.match_id;
}

describe("GET /matches/:id/stream (SSE)", () => {
  it("sends every move as a `step` (id = moves so far), then one `end` with the replay link, then closes", async () => {
    const id = await startMatch(3);
    const s = await readSse(`${srv.url}/matches/${id}/stream`, {}, ended, 10_000);
    expect(s.status).toBe(200);
    const steps = s.events.filter((e) => e.event === "step");
    const parsed = steps.map((e) => MatchStep.parse(JSON.parse(e.data)));
    expect(parsed.map((p) => p.idx)).toEqual(parsed.map((_, i) => i));
    expect(steps.map((e) => e.id)).toEqual(parsed.map((_, i) => String(i + 1)));
    const end = s.events.at(-1);
    expect(end?.event).toBe("end");
    const view = MatchView.parse(JSON.parse(end?.data ?? "null"));
    expect(view).toMatchObject({ match_id: id, status: "finished", steps: [], total_steps: parsed.length });
    expect(view.replay).toMatch(/^\/web\/replay\?episode=/);
    // The stream carries exactly what the polled view carries, and nothing of the seller's floor.
    const polled = MatchView.parse((await srv.get(`/matches/${id}`)).body);
    expect(polled.steps).toEqual(parsed);
    expect(s.body + s.events.map((e) => e.data).join("")).not.toMatch(/reservation|seller_cost/);
  });

  it("resumes after Last-Event-ID or ?after= without repeating or missing a move", async () => {
    const id = await startMatch(5, "time:boulware");
    const all = await readSse(`${srv.url}/matches/${id}/stream`, {}, ended, 10_000);
    const ids = all.events.filter((e) => e.event === "step").map((e) => e.id);
    expect(ids.length).toBeGreaterThan(2); // a Boulware buyer concedes late: several moves
    const resumed = await readSse(`${srv.url}/matches/${id}/stream`, { "last-event-id": "2" }, ended, 10_000);
    expect(resumed.events.filter((e) => e.event === "step").map((e) => e.id)).toEqual(ids.slice(2));
    const tail = await readSse(`${srv.url}/matches/${id}/stream?after=${ids.length}`, {}, ended, 10_000);
    expect(tail.events.map((e) => e.event)).toEqual(["end"]);
  });

  it("an unknown match is a 404 and a malformed cursor a 422, before any stream starts", async () => {
    const unknown = await readSse(`${srv.url}/matches/m_nope/stream`, {}, () => true);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.message).toMatch(/No match/);
    const id = await startMatch(6);
    for (const bad of ["abc", "-1", "1.5"]) {
      const r = await readSse(`${srv.url}/matches/${id}/stream`, { "last-event-id": bad }, () => true);
      expect(r.status).toBe(422);
    }
    expect((await readSse(`${srv.url}/matches/${id}/stream?after=x`, {}, () => true)).status).toBe(422);
  });
});
