import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../src/testing/backends";
import type { CounterfactualResult, EpisodeView, ResetResponse } from "./api";
import { renderCounterfactual } from "./counterfactual-view";
import { replayModel } from "./replay-model";

let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

async function call<T>(path: string, body?: unknown, sessionId?: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(sessionId ? { "x-session-id": sessionId } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function playedEpisode(finish: boolean): Promise<EpisodeView> {
  const r = await call<ResetResponse>("/reset", { task: "single_deal", seed: 21 });
  for (const price of [20, 30]) {
    await call("/step", {
      session_id: r.session_id,
      action: { type: "offer", price, message: `<b>${price}</b>` },
    });
  }
  if (finish) await call("/step", { session_id: r.session_id, action: { type: "accept" } });
  // A live episode is readable only by its own session.
  return call<EpisodeView>(`/episodes/${r.episode_id}`, undefined, finish ? undefined : r.session_id);
}

describe("replayModel on a stored episode", () => {
  it("has a frame per round, growing dialogue, and the seller's numbers once it is over", async () => {
    const view = await playedEpisode(true);
    const m = replayModel(view);
    expect(m.frames.map((f) => f.round)).toEqual([0, 1, 2, 3]);
    expect(m.frames[0]?.dialogue).toHaveLength(1);
    expect(m.frames[0]?.tells).toBeNull();
    expect(m.frames[1]?.dialogue.map((t) => t.speaker)).toEqual(["seller", "buyer", "seller"]);
    expect(m.frames[3]?.tells).toEqual(m.frames[2]?.tells);
    expect(m.branchRounds).toEqual([1, 2, 3]);
    expect(m.budget).toBe(view.record?.buyer_budget);
    expect(m.hidden?.cost).toBe(view.record?.seller_cost);
    expect(m.deal).toEqual({ round: 3, price: view.record?.agreed_price });
  });

  it("keeps the seller's numbers hidden while the episode is still running", async () => {
    const view = await playedEpisode(false);
    expect(view.visibility).toBe("public");
    expect(view.events).toBeNull();
    const m = replayModel(view);
    expect(m.hidden).toBeNull();
    expect(m.deal).toBeNull();
    expect(m.branchRounds).toEqual([1, 2]);
    expect(m.frames.at(-1)?.dialogue.map((t) => t.speaker)).toEqual([
      "seller",
      "buyer",
      "seller",
      "buyer",
      "seller",
    ]);
  });
});

describe("renderCounterfactual on a real branch", () => {
  it("shows both outcomes side by side with escaped dialogue and a link to the branch", async () => {
    const view = await playedEpisode(true);
    const cf = await call<CounterfactualResult>(`/episodes/${view.episode_id}/counterfactual`, {
      from_round: 2,
      action: { type: "offer", price: 15, message: "<script>x</script>" },
      continuation: "repeat",
    });
    const original = replayModel(view).frames.at(-1)?.dialogue ?? [];
    const html = renderCounterfactual(cf, original, new Map());
    expect(html.match(/<article /g)).toHaveLength(2);
    expect(html).toContain("What happened");
    expect(html).toContain("What if, from round 2 (repeating)");
    expect(html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(html).toContain("&lt;b&gt;30&lt;/b&gt;");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("&lt;b&gt;20&lt;/b&gt;");
    expect(html).toContain(`/web/replay?episode=${encodeURIComponent(cf.episode_id)}`);
  });
});
