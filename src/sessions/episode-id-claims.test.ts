import { describe, expect, it } from "vitest";
import { EpisodeStore } from "../storage/episode-store";
import { openDatabase } from "../storage/open-database";
import { createSessionService } from "./engine-session-service";
import { EpisodeIdClaims } from "./episode-id-claims";

const store = () => new EpisodeStore(openDatabase(":memory:"));

describe("episode id claims", () => {
  it("two concurrent resets naming one episode id: exactly one gets it, the other a 409", async () => {
    const svc = createSessionService({ store: store(), maxSessions: 8, sessionTtlS: 600 });
    const results = await Promise.allSettled([
      svc.reset({ task: "single_deal", seed: 1, episode_id: "same" }),
      svc.reset({ task: "single_deal", seed: 2, episode_id: "same" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected");
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: "EPISODE_ID_TAKEN" });
  });

  it("a stored id is taken, and so is a career episode name derived from it; a refused claim frees its ids", async () => {
    const s = store();
    const svc = createSessionService({ store: s, maxSessions: 8, sessionTtlS: 600 });
    await svc.reset({ task: "single_deal", seed: 1, episode_id: "kept" });
    const claims = new EpisodeIdClaims(s);
    await expect(claims.claim("kept", 1)).rejects.toMatchObject({ code: "EPISODE_ID_TAKEN" });
    // A career started as "kept-x" would name its second episode "kept-x-2": free.
    await expect(claims.claim("kept-x", 2)).resolves.toEqual(["kept-x", "kept-x-2"]);
    // "kept-2" is what a career "kept" calls its second episode: taken through "kept".
    await expect(claims.claim("kept-2", 1)).rejects.toThrow(/"kept-2" is already in use/);
    // A refused claim holds nothing, and a released one frees its ids.
    await expect(claims.claim("kept-3b", 1)).resolves.toEqual(["kept-3b"]);
    claims.release(["kept-x", "kept-x-2"]);
    await expect(claims.claim("kept-x", 1)).resolves.toEqual(["kept-x"]);
  });
});
