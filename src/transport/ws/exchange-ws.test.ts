import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { eventually, GOOD_PITCH, TERMS } from "../../exchange/testing/exchange-http";
import { useExchangeServer } from "../../exchange/testing/exchange-server";

const t = useExchangeServer();

// biome-ignore lint/suspicious/noExplicitAny: frames are checked field by field
type Frame = any;

/** A real ws client on /agents/ws that keeps every frame it receives. */
async function connect(token: string | null): Promise<{ ws: WebSocket; frames: Frame[] }> {
  const ws = new WebSocket(`${t.srv.url.replace("http", "ws")}/agents/ws`, {
    headers: token === null ? {} : { "x-agent-token": token },
  });
  const frames: Frame[] = [];
  ws.on("message", (d) => frames.push(JSON.parse(String(d))));
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("unexpected-response", (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.once("error", reject);
  });
  return { ws, frames };
}

describe("/agents/ws", () => {
  it("refuses an upgrade without a valid token (401)", async () => {
    await expect(connect(null)).rejects.toThrow("status 401");
    await expect(connect(`${t.a.agent_id}.${"B".repeat(43)}`)).rejects.toThrow("status 401");
  });

  it("pushes new markets to the agent, takes actions by frame id and streams the tape", async () => {
    const { ws, frames } = await connect(t.a.token);
    ws.send(JSON.stringify({ type: "tape", after: t.srv.exchange.store.lastTapeId() }));
    const r = await t.req.post("/markets/requests", { terms: TERMS, duration_ms: 30_000 });
    const id = r.body.market_id as string;
    const offered = await eventually(async () =>
      frames.find((f) => f.type === "inbox" && f.data.market_id === id),
    );
    expect(offered.data.view).toMatchObject({ kind: "request", viewer: t.a.agent_id });

    ws.send(JSON.stringify({ type: "act", id: 1, data: { market_id: id, action: { type: "engage" } } }));
    ws.send(
      JSON.stringify({
        type: "act",
        id: 2,
        data: { market_id: id, action: { type: "submit", price: 2500, pitch: GOOD_PITCH }, client_key: "x" },
      }),
    );
    const res2 = await eventually(async () => frames.find((f) => f.type === "result" && f.id === 2));
    expect(res2.data.applied).toBe(true);
    const won = await eventually(async () =>
      frames.find((f) => f.type === "inbox" && f.data.market_id === id && f.data.view.me?.won === true),
    );
    expect(won.data.view.me.submissions[0].score).toBe(10);
    const tape = await eventually(async () => {
      const t = frames.filter((f) => f.type === "tape" && f.data.entry.market_id === id);
      return t.length >= 3 ? t : undefined;
    });
    expect(tape.map((f: Frame) => f.data.entry.kind)).toEqual(["request_opened", "settled", "closed"]);
    ws.close();
  });

  it("answers bad frames and refused actions with an error frame carrying the status, and stays open", async () => {
    const { ws, frames } = await connect(t.a.token);
    ws.send("not json");
    ws.send(
      JSON.stringify({ type: "act", id: 7, data: { market_id: "mk_missing", action: { type: "engage" } } }),
    );
    const r = await t.req.post("/markets/requests", { terms: TERMS, duration_ms: 30_000 });
    ws.send(
      JSON.stringify({
        type: "act",
        id: 8,
        data: { market_id: r.body.market_id, action: { type: "submit", price: 5, pitch: GOOD_PITCH } },
      }),
    );
    ws.send(JSON.stringify({ type: "view", id: 9, market_id: r.body.market_id }));
    const errs = await eventually(async () => {
      const e = frames.filter((f) => f.type === "error");
      return e.length >= 3 && frames.some((f) => f.type === "view") ? e : undefined;
    });
    expect(errs[0]).toMatchObject({ id: null, error: { status: 422 } });
    expect(errs[1]).toMatchObject({ id: 7, error: { status: 404, code: "MARKET_NOT_FOUND" } });
    expect(errs[2]).toMatchObject({ id: 8, error: { status: 403, code: "NOT_ENGAGED" } });
    expect(errs[2].error.message).toMatch(/engage/);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });
});
