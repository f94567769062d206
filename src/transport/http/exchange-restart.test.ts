import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import {
  clientFor,
  eventually,
  GOOD_PITCH,
  registerAgent,
  sleep,
  TERMS,
  WEAK_PITCH,
} from "../../exchange/testing/exchange-http";
import { readSse } from "../../exchange/testing/sse-reader";
import { startServerProcess } from "../../testing/server-process";

const dir = mkdtempSync(join(tmpdir(), "bazaar-exchange-restart-"));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function serve(dbPath: string) {
  const s = await startServerProcess(["--db", dbPath]);
  children.push(s.child);
  return s;
}

const kill9 = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    c.once("exit", () => resolve());
    c.kill("SIGKILL");
  });

/** Ledger rows straight from the file, as an auditor would read them. */
function ledgerRows(dbPath: string): { n: number; total: number } {
  const db = new Database(dbPath, { readonly: true });
  try {
    const n = (db.prepare("SELECT COUNT(*) AS n FROM ledger_entries").get() as { n: number }).n;
    const total = (
      db.prepare("SELECT COALESCE(SUM(amount), 0) AS t FROM ledger_postings").get() as { t: number }
    ).t;
    return { n, total };
  } finally {
    db.close();
  }
}

describe("exchange restart (real server process, kill -9)", () => {
  it("markets open at the crash resume or close cleanly; tokens still work; the ledger never double-pays", async () => {
    const dbPath = join(dir, "exchange.db");
    const first = await serve(dbPath);
    const req = await registerAgent(first.url, "requester");
    const a = await registerAgent(first.url, "alpha");
    const b = await registerAgent(first.url, "beta");

    // A settled market, one that will still be open after the restart, one overdue by then.
    const settled = (await req.post("/markets/requests", { terms: TERMS, duration_ms: 60_000 })).body
      .market_id;
    await a.post("/markets/act", { market_id: settled, action: { type: "engage" } });
    await a.post("/markets/act", {
      market_id: settled,
      action: { type: "submit", price: 7000, pitch: GOOD_PITCH },
    });
    await eventually(async () => ((await a.get(`/markets/${settled}`)).body.me.won ? true : undefined));
    const open = (await req.post("/markets/requests", { terms: { ...TERMS, top_n: 2 }, duration_ms: 60_000 }))
      .body.market_id;
    await b.post("/markets/act", { market_id: open, action: { type: "engage" } });
    await b.post("/markets/act", {
      market_id: open,
      action: { type: "submit", price: 9000, pitch: WEAK_PITCH },
    });
    const overdue = (await req.post("/markets/listings", { goods: 2, units: 1, duration_ms: 1500 })).body
      .market_id;
    await a.post("/markets/act", { market_id: overdue, action: { type: "engage" } });
    const before = ledgerRows(dbPath);
    expect(before).toEqual({ n: 1, total: 0 });
    const tapeBefore = await readSse(`${first.url}/markets/stream`, {}, (e) => e.length >= 5);

    await kill9(first.child);
    await sleep(1600); // the listing's deadline passes while the server is down
    const second = await serve(dbPath);
    // Tokens were stored as digests; they still authenticate.
    const a2 = clientFor(second.url, a.agent_id, a.token);
    const b2 = clientFor(second.url, b.agent_id, b.token);
    expect((await a2.get("/agents/me")).status).toBe(200);

    // The overdue listing closed on start; its tape ends with the close.
    const ov = await eventually(async () => {
      const v = (await a2.get(`/markets/${overdue}`)).body;
      return v.tape.at(-1)?.kind === "closed" ? v : undefined;
    });
    expect(ov.tape.at(-1).outcome).toBe("deadline");

    // The open market resumed: B's earlier submission is still there, and a new one settles once.
    const bView = (await b2.get(`/markets/${open}`)).body;
    expect(bView.me.submissions).toHaveLength(1);
    await b2.post("/markets/act", {
      market_id: open,
      action: { type: "submit", price: 8000, pitch: GOOD_PITCH },
    });
    await a2.post("/markets/act", { market_id: open, action: { type: "engage" } });
    await eventually(async () => ((await b2.get(`/markets/${open}`)).body.me.won ? true : undefined));

    // Replaying the settled market's winner changes nothing: the ledger holds one entry per (market, winner).
    const again = await a2.post("/markets/act", {
      market_id: settled,
      action: { type: "submit", price: 7000, pitch: GOOD_PITCH },
    });
    expect(again.status).toBe(409);
    const rec = (await fetch(`${second.url}/ledger/reconcile`).then((r) => r.json())) as Record<
      string,
      unknown
    >;
    expect(rec).toMatchObject({ balanced: true, total: 0, entries: 2 });

    // The tape continues with larger ids: a stream resumed from before the crash misses nothing.
    const lastBefore = Number(tapeBefore.events.at(-1)?.id);
    const resumed = await readSse(
      `${second.url}/markets/stream`,
      { "last-event-id": String(lastBefore) },
      (e) =>
        e.some(
          (x) => JSON.parse(x.data).entry.market_id === open && JSON.parse(x.data).entry.kind === "settled",
        ),
    );
    const resumedIds = resumed.events.map((e) => Number(e.id));
    expect(Math.min(...resumedIds)).toBe(lastBefore + 1);
    await kill9(second.child);
    expect(ledgerRows(dbPath)).toEqual({ n: 2, total: 0 });
  }, 60_000);
});
