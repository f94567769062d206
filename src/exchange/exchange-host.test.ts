import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaseTimes } from "../storage/open-storage";
import { type OpenedPg, openPgStore } from "../storage/pg/open-pg";
import { ageHeartbeat } from "../storage/testing/engines";
import { type EmbeddedPg, startEmbeddedPg } from "../testing/embedded-pg";
import { PgExchangeHost } from "./exchange-host";
import { GOOD_PITCH, TERMS } from "./testing/exchange-http";

let server: EmbeddedPg;
const opened: OpenedPg[] = [];
const hosts: PgExchangeHost[] = [];
beforeAll(async () => {
  server = await startEmbeddedPg({ fsync: false });
}, 60_000);
afterAll(async () => {
  for (const h of hosts) await h.stop();
  for (const o of opened) {
    await o.leases?.stop();
    o.store.close();
  }
  await server?.stop();
});

/** A replica's exchange host. Heartbeats never come on their own: a replica is dead when `age` says so. */
async function replica(url: string, id: string): Promise<PgExchangeHost> {
  const times = leaseTimes(30);
  const o = await openPgStore(url, { replicaId: id, leases: { ttlMs: times.ttlMs, heartbeatMs: 600_000 } });
  opened.push(o);
  const host = new PgExchangeHost(
    {
      pool: o.pool,
      reader: o.reader,
      replicaId: id,
      instance: o.leases?.instance as string,
      ttlS: 30,
      heartbeatMs: 600_000,
    },
    { ratingsOnThisThread: true },
  );
  hosts.push(host);
  return host;
}

describe("the exchange on Postgres: one holder, takeover after the TTL", () => {
  it("only the lease holder serves; a takeover keeps agents, tokens, open markets, tape and ledger, and fences the old holder", async () => {
    const url = await server.freshDatabase("exchange_takeover");
    const r1 = await replica(url, "r1");
    const r2 = await replica(url, "r2");
    await r1.start();
    await r2.start();
    expect([r1.held(), r2.held()]).toEqual([true, false]);
    expect(await r2.acquire()).toBe(false); // r1 is alive: r2 stands by

    // A settled market and one still open, all through r1.
    const x1 = r1.shell;
    const req = x1.registry.register("requester");
    const alpha = x1.registry.register("alpha");
    const settled = x1.exchange.openRequest(req.agent_id, { terms: TERMS, duration_ms: 60_000 }).market_id;
    x1.exchange.act(alpha.agent_id, { market_id: settled, action: { type: "engage" } });
    x1.exchange.act(alpha.agent_id, {
      market_id: settled,
      action: { type: "submit", price: 7000, pitch: GOOD_PITCH },
    });
    await x1.exchange.idle();
    const open = x1.exchange.openRequest(req.agent_id, {
      terms: { ...TERMS, top_n: 2 },
      duration_ms: 60_000,
    });
    const before = {
      ledger: x1.store.allEntries(),
      reconcile: x1.store.reconcile(),
      tape: x1.store.tapeAfter(0, 1000),
    };
    expect(before.ledger).toHaveLength(1);

    // r1 dies (its heartbeat ages past the TTL): r2 takes the exchange over on its next acquire.
    await ageHeartbeat(url, "r1");
    expect(await r2.acquire()).toBe(true);
    const x2 = r2.shell;
    expect(x2.registry.authenticate(alpha.token)).toBe(alpha.agent_id);
    expect(x2.registry.authenticate(req.token)).toBe(req.agent_id);
    expect(x2.store.allEntries()).toEqual(before.ledger);
    expect(x2.store.reconcile()).toEqual(before.reconcile);
    expect(x2.store.tapeAfter(0, 1000)).toEqual(before.tape);
    expect(x2.exchange.openMarkets().map((m) => m.market_id)).toEqual([open.market_id]);

    // The old holder's write is refused by Postgres (fenced) and rolled back; it stops serving.
    expect(() => x1.registry.register("late")).toThrow(
      expect.objectContaining({ code: "EXCHANGE_ELSEWHERE" }),
    );
    expect(r1.held()).toBe(false);
    expect(x1.store.activeAgents()).toEqual([req.agent_id, alpha.agent_id].sort());

    // The market goes on at r2, the tape continuing from the last id; no trade is applied twice.
    const events = x2.store.events(open.market_id).length;
    x2.exchange.act(alpha.agent_id, { market_id: open.market_id, action: { type: "engage" } });
    expect(x2.store.events(open.market_id).length).toBeGreaterThan(events);
    x2.exchange.openRequest(req.agent_id, { terms: TERMS, duration_ms: 60_000 });
    const tape = x2.store.tapeAfter(0, 1000).map((r) => r.id);
    expect(tape).toEqual(Array.from({ length: tape.length }, (_, i) => i + 1));
    expect(tape.length).toBeGreaterThan(before.tape.length);
    expect(x2.store.reconcile()).toMatchObject({ balanced: true, entries: 1 });
  });

  it("replicas starting together: exactly one takes the exchange, at epoch 1", async () => {
    const url = await server.freshDatabase("exchange_race");
    const rs = await Promise.all(["r1", "r2", "r3"].map((id) => replica(url, id)));
    const won = await Promise.all(rs.map((r) => r.acquire()));
    expect(won.filter(Boolean)).toHaveLength(1);
    const c = new pg.Client(url);
    await c.connect();
    const lease = (await c.query("SELECT replica_id, epoch FROM exchange_lease")).rows;
    await c.end();
    expect(lease).toEqual([{ replica_id: ["r1", "r2", "r3"][won.indexOf(true)], epoch: "1" }]);
  });
});
