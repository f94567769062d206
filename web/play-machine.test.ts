import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../src/testing/backends";
import type { ResetResponse, StepResponse } from "./api";
import { advance, canMove, INITIAL, type PlayEvent, type PlayState } from "./play-machine";

let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const run = (events: PlayEvent[], from: PlayState = INITIAL) => events.reduce(advance, from);

describe("play machine on real server answers", () => {
  it("goes setup → starting → playing ⇄ sending → finished, keeping the last tells after the close", async () => {
    const reset = await post<ResetResponse>("/reset", { task: "single_deal", seed: 11 });
    let s = run([{ type: "start" }, { type: "reset_ok", res: reset }]);
    expect(s.phase).toBe("playing");
    expect(canMove(s)).toBe(true);
    expect(s.sessionId).toBe(reset.session_id);
    expect(s.tells).toBeNull();

    const offer = await post<StepResponse>("/step", {
      session_id: reset.session_id,
      action: { type: "offer", price: 10 },
    });
    s = run([{ type: "send" }], s);
    expect(s.phase).toBe("sending");
    expect(canMove(s)).toBe(false);
    s = advance(s, { type: "step_ok", res: offer });
    expect(s.phase).toBe("playing");
    expect(s.tells).not.toBeNull();
    const seen = s.tells;

    const accept = await post<StepResponse>("/step", {
      session_id: reset.session_id,
      action: { type: "accept" },
    });
    expect(accept.observation.tells).toBeNull();
    s = run([{ type: "send" }, { type: "step_ok", res: accept }], s);
    expect(s.phase).toBe("finished");
    expect(s.tells).toEqual(seen);
    expect(s.records).toHaveLength(1);
    expect(s.records[0]?.outcome).toBe("deal");
    expect(s.lastReward).toBe(accept.reward);
    expect(s.totalReward).toBeCloseTo(offer.reward + accept.reward);
    expect(s.episodeIds).toEqual([reset.episode_id]);

    expect(advance(s, { type: "start" }).phase).toBe("starting");
  });

  it("moves on to the next deal of a career run and records the finished one", async () => {
    const reset = await post<ResetResponse>("/reset", { task: "career_10", seed: 3 });
    let s = run([{ type: "start" }, { type: "reset_ok", res: reset }]);
    const accept = await post<StepResponse>("/step", {
      session_id: reset.session_id,
      action: { type: "accept" },
    });
    s = run([{ type: "send" }, { type: "step_ok", res: accept }], s);
    expect(s.phase).toBe("playing");
    expect(s.records).toHaveLength(1);
    expect(s.obs?.episode_number).toBe(2);
    expect(s.episodeIds).toEqual([reset.episode_id, accept.episode_id]);
    expect(s.episodeId).not.toBe(reset.episode_id);
    expect(s.tells).toBeNull();
  });

  it("ignores events that do not fit the phase, so a double click sends once", async () => {
    const reset = await post<ResetResponse>("/reset", { task: "single_deal", seed: 2 });
    const playing = run([{ type: "start" }, { type: "reset_ok", res: reset }]);
    const sending = advance(playing, { type: "send" });
    expect(advance(sending, { type: "send" })).toBe(sending);
    expect(advance(playing, { type: "start" })).toBe(playing);
    expect(advance(INITIAL, { type: "send" })).toBe(INITIAL);
    expect(advance(INITIAL, { type: "reset_ok", res: reset })).toBe(INITIAL);
  });

  it("puts a failed start back to setup and a failed move back to playing, with the message", async () => {
    const failedStart = run([{ type: "start" }, { type: "failed", message: "no stall" }]);
    expect(failedStart).toMatchObject({ phase: "setup", error: "no stall" });

    const reset = await post<ResetResponse>("/reset", { task: "single_deal", seed: 4 });
    const failedMove = run([
      { type: "start" },
      { type: "reset_ok", res: reset },
      { type: "send" },
      { type: "failed", message: "lost" },
    ]);
    expect(failedMove).toMatchObject({ phase: "playing", error: "lost" });
    expect(advance(failedMove, { type: "send" }).error).toBeNull();
  });
});
