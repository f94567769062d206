import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { EpisodeStartedEvent } from "../../env/events";
import type { Observation } from "../../env/observation";
import {
  releasedTellsModel,
  TELLS_MODEL_REF,
  type TellsModelRef,
  UnknownTellsModelError,
} from "../../env/tells/extract-cues";
import { EpisodeStore } from "../storage/episode-store";
import { openDatabase } from "../storage/open-database";
import { testBuyer } from "../testing/buyer";
import { playScriptedSeller } from "../testing/seller-play";
import { createSessionService, type EngineSessionService } from "./engine-session-service";
import { recordedTellsModel } from "./run-replay";
import { ServiceError } from "./service-error";

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

// The earlier release a session opens under: one whose readings of these sellers differ from the shipped model's.
const OPENED: TellsModelRef = {
  version: releasedTellsModel("tells-model@13").version,
  hash: releasedTellsModel("tells-model@13").contentHash,
};

const dir = mkdtempSync(join(tmpdir(), "tells-resume-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** A SQLite file on disk; a "restart" opens it again in a new store and service. */
const newFile = () => join(dir, `db-${++files}.sqlite`);

/** A server of the release whose shipped model is `tellsModel` (the current one when omitted). */
function server(file: string, tellsModel?: TellsModelRef) {
  const store = new EpisodeStore(openDatabase(file));
  const svc = createSessionService({
    store,
    maxSessions: 8,
    sessionTtlS: 600,
    ...(tellsModel === undefined ? {} : { tellsModel }),
  });
  return { store, svc };
}

/** A buyer whose words the models read differently (as in env/tells-model-pin.test.ts). */
async function playBuyer(svc: EngineSessionService, sid: string, obs: Observation, n: number) {
  let o = obs;
  const trace: string[] = [];
  for (let k = 0; k < n; k++) {
    const action = { ...testBuyer(o, o.current_round), message: "kam karo" };
    const r = await svc.step({ session_id: sid, action });
    trace.push(JSON.stringify(r));
    o = r.observation;
    if (r.done) break;
  }
  return { obs: o, trace };
}

/** Every stored episode of the session's run, as JSON, and the model each spec recorded. */
function stored(store: EpisodeStore, sid: string) {
  const episodes = store.runEpisodes(sid, 1);
  return {
    logs: episodes.map((e) => JSON.stringify(e.events)),
    models: episodes.map((e) => (e.events[0] as EpisodeStartedEvent).spec.tells_model),
  };
}

const BUYER_REQ = {
  task: "career_10",
  seed: 21,
  episode_id: "x",
  options: { tells_extractor: "model" as const },
};

describe("a session opened under an earlier tells model, resumed after a newer one shipped", () => {
  it("buyer role: continues with the model it opened with, byte for byte like an uninterrupted session under that model", async () => {
    // The reference: a server of the earlier release that never restarts.
    const straight = server(newFile(), OPENED);
    const a = await straight.svc.reset(BUYER_REQ);
    const whole = await playBuyer(straight.svc, a.session_id, a.observation, 300);
    const wholeStored = stored(straight.store, a.session_id);
    expect(wholeStored.models.length).toBeGreaterThan(2);

    // Opened and stepped under the earlier model, then the process restarts with the newer one shipped.
    const file = newFile();
    const before = server(file, OPENED);
    const b = await before.svc.reset(BUYER_REQ);
    const half = await playBuyer(before.svc, b.session_id, b.observation, 11);
    expect(half.obs.episode_number).toBeGreaterThan(1);
    const after = server(file);
    expect(after.svc.capacity().active_sessions).toBe(0);
    const rest = await playBuyer(after.svc, b.session_id, half.obs, 300);

    const same = (t: string) => t.replaceAll(b.session_id, a.session_id);
    expect([...half.trace, ...rest.trace].map(same)).toEqual(whole.trace);
    const resumed = stored(after.store, b.session_id);
    expect(resumed.logs.map(same)).toEqual(wholeStored.logs);
    expect(resumed.models.every((m) => JSON.stringify(m) === JSON.stringify(OPENED))).toBe(true);
    expect(after.svc.score(b.session_id)).toEqual({
      ...straight.svc.score(a.session_id),
      session_id: b.session_id,
    });

    // A session of the shipped model with the same seed and moves reads the seller's words otherwise.
    const shipped = server(newFile());
    const c = await shipped.svc.reset(BUYER_REQ);
    const shippedRun = await playBuyer(shipped.svc, c.session_id, c.observation, 300);
    expect(stored(shipped.store, c.session_id).models[0]).toEqual(TELLS_MODEL_REF);
    expect(shippedRun.trace.map((t) => t.replaceAll(c.session_id, a.session_id))).not.toEqual(whole.trace);

    // A new run in the resumed session keeps the session's model.
    const again = await after.svc.reset({
      ...BUYER_REQ,
      session_id: b.session_id,
      seed: 22,
      episode_id: "y",
    });
    expect(again.info.episode).toBe(1);
    expect(
      after.store
        .runEpisodes(b.session_id, 2)
        .map((e) => (e.events[0] as EpisodeStartedEvent).spec.tells_model),
    ).toEqual([OPENED]);
  });

  it("seller role: a career continues with the model it opened with, like an uninterrupted session under that model", async () => {
    const req = {
      role: "seller" as const,
      task: "sell_career_5@1",
      seed: 8,
      episode_id: "c",
      options: { tells_extractor: "model" as const },
    };
    const straight = server(newFile(), OPENED);
    const a = await straight.svc.resetSeller(req);
    const whole = await playScriptedSeller(straight.svc, a.session_id, a.observation, 200);

    const file = newFile();
    const before = server(file, OPENED);
    const b = await before.svc.resetSeller(req);
    const half = await playScriptedSeller(before.svc, b.session_id, b.observation, 9);
    expect(half.obs.career?.episode_number).toBeGreaterThan(1);
    const after = server(file);
    const rest = await playScriptedSeller(after.svc, b.session_id, half.obs, 200);

    const same = (t: string) => t.replaceAll(b.session_id, a.session_id);
    expect([...half.trace, ...rest.trace].map(same)).toEqual(whole.trace);
    const resumed = stored(after.store, b.session_id);
    expect(resumed.logs.map(same)).toEqual(stored(straight.store, a.session_id).logs);
    expect(resumed.models).toEqual(Array(5).fill(OPENED));
    expect(after.svc.scoreOf(b.session_id)).toMatchObject({ episodes_completed: 5, total_episodes: 5 });

    const shipped = server(newFile());
    const c = await shipped.svc.resetSeller(req);
    const shippedRun = await playScriptedSeller(shipped.svc, c.session_id, c.observation, 200);
    expect(stored(shipped.store, c.session_id).models[0]).toEqual(TELLS_MODEL_REF);
    expect(shippedRun.trace.map((t) => t.replaceAll(c.session_id, a.session_id))).not.toEqual(whole.trace);
  });

  it("a stored spec naming a model no release has fails the resume instead of reading with another", async () => {
    const file = newFile();
    const before = server(file, OPENED);
    const b = await before.svc.reset(BUYER_REQ);
    await playBuyer(before.svc, b.session_id, b.observation, 1);
    const db = openDatabase(file);
    db.prepare("UPDATE event_batches SET json = replace(json, ?, ?)").run(OPENED.version, "tells-model@99");
    db.close();
    const after = server(file);
    const row = JSON.stringify(after.store.session(b.session_id));
    for (let attempt = 0; attempt < 2; attempt++) {
      const err = catchError(() => after.svc.state(b.session_id));
      expect(err).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).status).toBe(409);
      expect((err as ServiceError).message).toMatch(/tells-model@99.*cannot be resumed/);
    }
    // Nothing was changed: the row is as it was, still open, and the bare error stays inside.
    expect(JSON.stringify(after.store.session(b.session_id))).toBe(row);
    expect(() => recordedTellsModel(after.store.runEpisodes(b.session_id, 1))).toThrow(
      UnknownTellsModelError,
    );
  });

  it("a stored log this build does not reproduce is a 409 conflict, and the session is left as it was", async () => {
    const file = newFile();
    const before = server(file);
    const b = await before.svc.reset(BUYER_REQ);
    await playBuyer(before.svc, b.session_id, b.observation, 2);
    const db = openDatabase(file);
    // One stored seller counter changed by hand: the engine regenerates another and must not go on.
    const edited = db
      .prepare("UPDATE event_batches SET json = replace(json, ?, ?)")
      .run('"action":"counter","price":', '"action":"counter","price":1');
    expect(edited.changes).toBeGreaterThan(0);
    db.close();
    const after = server(file);
    const row = JSON.stringify(after.store.session(b.session_id));
    const err = catchError(() => after.svc.state(b.session_id));
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).status).toBe(409);
    expect((err as ServiceError).message).toMatch(/does not reproduce; it cannot be resumed/);
    expect(JSON.stringify(after.store.session(b.session_id))).toBe(row);
  });
});
