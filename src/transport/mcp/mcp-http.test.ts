import { afterEach, describe, expect, it } from "vitest";
import { BACKENDS, type LiveBackend, memorySessionService } from "../../testing/backends";
import { answerMcpFrame } from "./mcp-frame";

interface RpcReply {
  jsonrpc: string;
  id: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

describe.each(BACKENDS)("POST /mcp on the $name", (backend) => {
  let server: LiveBackend | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  async function post(body: string | object, maxSessions = 16): Promise<{ status: number; reply: RpcReply }> {
    server ??= await backend.start(maxSessions);
    const res = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: res.status, reply: (await res.json()) as RpcReply };
  }

  let nextId = 1;
  const rpc = async (method: string, params: object = {}) =>
    (await post({ jsonrpc: "2.0", id: nextId++, method, params })).reply;
  const call = async (name: string, args: object) => {
    const reply = await rpc("tools/call", { name, arguments: args });
    return reply.result as {
      isError: boolean;
      content: { text: string }[];
      structuredContent: Record<string, unknown>;
    };
  };

  it("answers {} with HTTP 200 and the −32600 invalid-request error", async () => {
    const { status, reply } = await post({});
    expect(status).toBe(200);
    expect(reply.jsonrpc).toBe("2.0");
    expect(reply.id).toBeNull();
    expect(reply.error?.code).toBe(-32600);
  });

  it("answers malformed JSON with −32700, an unknown method with −32601, still HTTP 200", async () => {
    const parse = await post("{nope");
    expect(parse.status).toBe(200);
    expect(parse.reply.error?.code).toBe(-32700);
    const unknown = await post({ jsonrpc: "2.0", id: "a", method: "step", params: {} });
    expect(unknown.status).toBe(200);
    expect(unknown.reply).toMatchObject({ id: "a", error: { code: -32601 } });
    const extraKey = await post({ jsonrpc: "2.0", id: 1, method: "tools/list", extra: 1 });
    expect(extraKey.reply.error?.code).toBe(-32600);
  });

  it("speaks Streamable HTTP: a notification is 202 with no body, GET and DELETE are 405", async () => {
    server ??= await backend.start(16);
    const note = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
    expect(note.status).toBe(202);
    expect(await note.text()).toBe("");
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${server.url}/mcp`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
    }
    const nullId = await post({ jsonrpc: "2.0", id: null, method: "ping" });
    expect(nullId.reply.error?.code).toBe(-32600);
  });

  it("lists the buyer tools, none named after the reserved Gym methods", async () => {
    const reply = await rpc("tools/list");
    const tools = (reply.result as { tools: { name: string; description: string; inputSchema: object }[] })
      .tools;
    expect(tools.map((t) => t.name).sort()).toEqual([
      "accept_offer",
      "get_state",
      "make_offer",
      "new_negotiation",
      "walk_away",
    ]);
    for (const t of tools) {
      expect(["reset", "step", "state", "close"]).not.toContain(t.name);
      expect(t.description.length).toBeGreaterThan(10);
      expect(t.inputSchema).toMatchObject({ type: "object" });
    }
    const offer = tools.find((t) => t.name === "make_offer");
    expect(offer?.inputSchema).toMatchObject({
      required: ["session_id", "price"],
      additionalProperties: false,
    });
  });

  it("rejects bad tool arguments and unknown tools with −32602", async () => {
    const bad = await rpc("tools/call", {
      name: "make_offer",
      arguments: { session_id: "x", price: "cheap" },
    });
    expect(bad.error?.code).toBe(-32602);
    expect(bad.error?.data).toEqual([expect.objectContaining({ loc: ["price"], type: "float_type" })]);
    const unknown = await rpc("tools/call", { name: "reset", arguments: {} });
    expect(unknown.error?.code).toBe(-32602);
    const noSession = await rpc("tools/call", { name: "walk_away", arguments: {} });
    expect(noSession.error?.code).toBe(-32602);
  });

  it("plays a full negotiation through tools/call", async () => {
    const started = await call("new_negotiation", { task: "single_deal", seed: 5 });
    expect(started.isError).toBe(false);
    const sessionId = started.structuredContent.session_id as string;
    expect(sessionId).toEqual(expect.any(String));
    expect(started.content[0]?.text).toContain("You are buying");

    const offered = await call("make_offer", {
      session_id: sessionId,
      price: 35,
      message: "Would you take 35?",
    });
    expect(offered.isError).toBe(false);
    expect(offered.structuredContent).toMatchObject({ done: false, reward: expect.any(Number) });
    expect(offered.content[0]?.text).toMatch(/Round 1\//);

    const accepted = await call("accept_offer", { session_id: sessionId });
    expect(accepted.structuredContent).toMatchObject({ done: true, terminated: true });
    expect(accepted.content[0]?.text).toContain("The negotiation is over");

    const state = await call("get_state", { session_id: sessionId });
    expect(state.structuredContent).toMatchObject({ done: true, outcome: "deal", step_count: 2 });

    const late = await call("walk_away", { session_id: sessionId });
    expect(late.isError).toBe(true);
    expect(late.structuredContent).toMatchObject({ error: { code: "EPISODE_DONE" } });

    // params.session_id is the OpenEnv spelling of the target session.
    const viaParams = await rpc("tools/call", { name: "get_state", arguments: {}, session_id: sessionId });
    expect((viaParams.result as { isError: boolean }).isError).toBe(false);

    const closed = await rpc("openenv/session/close", { session_id: sessionId });
    expect(closed.result).toEqual({ session_id: sessionId, closed: true });
    const again = await rpc("openenv/session/close", { session_id: sessionId });
    expect(again.error).toMatchObject({ code: -32000, data: { code: "SESSION_NOT_FOUND" } });
  });

  it("creates sessions until capacity, then answers −32000 with the counts", async () => {
    server = await backend.start(1);
    const created = await rpc("openenv/session/create");
    expect((created.result as { session_id: string }).session_id).toEqual(expect.any(String));
    const full = await rpc("openenv/session/create");
    expect(full.error).toMatchObject({
      code: -32000,
      data: { code: "CAPACITY_REACHED", details: { active_sessions: 1, max_sessions: 1 } },
    });
  });
});

describe("answerMcpFrame bound to a WS session", () => {
  it("refuses another session's id and the session create/close methods", async () => {
    const service = memorySessionService();
    const mine = service.openSession();
    const other = service.openSession();
    const foreign = await answerMcpFrame(
      {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "get_state", arguments: { session_id: other } },
      },
      service,
      mine,
    );
    expect(foreign).toMatchObject({ id: 1, error: { code: -32602 } });
    const create = await answerMcpFrame(
      { jsonrpc: "2.0", id: 2, method: "openenv/session/create" },
      service,
      mine,
    );
    expect(create).toMatchObject({ id: 2, error: { code: -32601 } });
    expect(service.capacity().active_sessions).toBe(2);
  });

  it("answers a bad message with −32600 and acknowledges a notification, one reply per frame", async () => {
    const service = memorySessionService();
    const mine = service.openSession();
    expect(await answerMcpFrame({ jsonrpc: "2.0", id: null, method: "ping" }, service, mine)).toMatchObject({
      error: { code: -32600 },
    });
    expect(
      await answerMcpFrame({ jsonrpc: "2.0", method: "notifications/initialized" }, service, mine),
    ).toEqual({
      jsonrpc: "2.0",
      id: null,
      result: {},
    });
    expect(await answerMcpFrame({ jsonrpc: "2.0", id: "p", method: "ping" }, service, mine)).toEqual({
      jsonrpc: "2.0",
      id: "p",
      result: {},
    });
  });
});
