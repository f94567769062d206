import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TELLS_MODEL_REF } from "../../env/tells/extract-cues";
import { EpisodeStore } from "../storage/episode-store";
import { openDatabase } from "../storage/open-database";
import { rejection } from "../testing/rejection";
import { createSessionService } from "./engine-session-service";
import { ServiceError } from "./service-error";

const dir = mkdtempSync(join(tmpdir(), "tells-branch-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

function server(file: string) {
  const store = new EpisodeStore(openDatabase(file));
  return { store, svc: createSessionService({ store, maxSessions: 8, sessionTtlS: 600 }) };
}

/** What storage written by another build looks like: the recorded model renamed to one this build lacks. */
function renameModel(file: string, to: string): void {
  const db = openDatabase(file);
  const edited = db
    .prepare("UPDATE event_batches SET json = replace(json, ?, ?)")
    .run(JSON.stringify(TELLS_MODEL_REF.version), JSON.stringify(to));
  expect(edited.changes).toBeGreaterThan(0);
  db.close();
}

async function expect409(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  const err = await rejection(p, ServiceError);
  expect(err.status).toBe(409);
  expect(err.message).toMatch(pattern);
}

describe("branching a stored episode read with a tells model this build does not have", () => {
  it("buyer role: a 409 that names the model, nothing stored, the episode still readable with its score", async () => {
    const file = join(dir, `db-${++files}.sqlite`);
    const first = server(file);
    const r = await first.svc.reset({ seed: 1, episode_id: "tm-b", options: { tells_extractor: "model" } });
    await first.svc.step({ session_id: r.session_id, action: { type: "offer", price: 30 } });
    await first.svc.step({ session_id: r.session_id, action: { type: "accept" } });
    // The same episode branches while its model is known.
    const ok = await first.svc.counterfactual("tm-b", {
      from_round: 1,
      action: { type: "offer", price: 40 },
    });
    expect(ok.branched_from).toBe("tm-b");

    renameModel(file, "tells-model@99");
    const after = server(file);
    const before = after.store.counts();
    const view = JSON.stringify(after.svc.episode("tm-b"));
    await expect409(
      after.svc.counterfactual("tm-b", { from_round: 1, action: { type: "offer", price: 40 } }),
      /tm-b was read with tells model tells-model@99.*can be read but not branched/,
    );
    expect(after.store.counts()).toEqual(before);
    expect(JSON.stringify(after.svc.episode("tm-b"))).toBe(view);
    expect(after.svc.episode("tm-b").summary.score).not.toBeNull();
  });

  it("seller role: the same 409, nothing stored", async () => {
    const file = join(dir, `db-${++files}.sqlite`);
    const first = server(file);
    const r = await first.svc.resetSeller({
      role: "seller",
      seed: 2,
      episode_id: "tm-s",
      options: { tells_extractor: "model" },
    });
    await first.svc.stepSeller({ session_id: r.session_id, action: { action_type: "walk" } });
    renameModel(file, "tells-model@99");
    const after = server(file);
    const before = after.store.counts();
    await expect409(
      after.svc.counterfactual("tm-s", {
        from_round: 1,
        action: { action_type: "counter", price: r.observation.own_last_quote },
      }),
      /tm-s was read with tells model tells-model@99.*can be read but not branched/,
    );
    expect(after.store.counts()).toEqual(before);
    expect(after.svc.episodeOf("tm-s")).toMatchObject({ role: "seller", visibility: "full" });
  });
});
