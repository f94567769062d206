import { afterAll, beforeAll } from "vitest";
import { type OpenedPg, openPgStore } from "../storage/pg/open-pg";
import { type EmbeddedPg, startEmbeddedPg } from "./embedded-pg";

export interface PgReplicas {
  /** A new empty database on the file's server. */
  freshDatabase(name: string): Promise<string>;
  /** A replica (store and leases) on `url` under `id`, closed after the file. */
  replica(url: string, id: string): Promise<OpenedPg>;
}

/**
 * One embedded Postgres for a test file (started before its tests, stopped after) and the
 * replicas its tests open on it. A replica never heartbeats during a test, so it is dead exactly
 * when the test ages its heartbeat (storage/testing/engines.ts ageHeartbeat).
 */
export function pgReplicasForFile(): PgReplicas {
  let server: EmbeddedPg | undefined;
  const opened: OpenedPg[] = [];
  beforeAll(async () => {
    server = await startEmbeddedPg({ fsync: false });
  }, 60_000);
  afterAll(async () => {
    for (const o of opened) {
      await o.leases?.stop();
      o.store.close();
    }
    await server?.stop();
  });
  return {
    freshDatabase(name) {
      if (server === undefined) throw new Error("the embedded Postgres did not start");
      return server.freshDatabase(name);
    },
    async replica(url, id) {
      const o = await openPgStore(url, { replicaId: id, leases: { ttlMs: 30_000, heartbeatMs: 600_000 } });
      opened.push(o);
      return o;
    },
  };
}
