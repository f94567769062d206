import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { Observation } from "../../../env/observation";
import { observe } from "../../../env/observe";
import { PublicState } from "../../../env/public-state";
import { stepRun } from "../../../env/run";
import { openRun } from "../../../tasks/open-run";
import { TASK_IDS } from "../../../tasks/task-catalog";
import { activeSessionsReach, BACKENDS, type LiveBackend } from "../../testing/backends";
import { WsProbe } from "../../testing/ws-probe";

describe.each(BACKENDS)("OpenEnv WebSocket on the $name", (backend) => {
  let server: LiveBackend | null = null;
  const probes: WsProbe[] = [];

  async function start(maxSessions = 16) {
    server = await backend.start(maxSessions);
    const service = server.service;
    const released = () => activeSessionsReach(service, 0);
    return { url: server.wsUrl, service, released };
  }

  async function connect(url: string): Promise<WsProbe> {
    const p = await WsProbe.open(url);
    probes.push(p);
    return p;
  }

  afterEach(async () => {
    for (const p of probes.splice(0)) p.close();
    await server?.close();
    server = null;
  });

  const RESET = { type: "reset", data: { seed: 7, task_id: "single_deal", episode_id: "ep-ws-1" } };
  const FRESH_RESET = { type: "reset", data: { seed: 7, task_id: "single_deal" } };
  const OFFER = (price: number) => ({
    type: "step",
    data: { type: "offer", price, message: `How about ${price}?` },
  });

  describe("golden frames", () => {
    it("reset and step answer with observation frames in OpenEnv's serialisation", async () => {
      const { url } = await start();
      const ws = await connect(url);
      const reset = await ws.ask(RESET);
      expect(reset.type).toBe("observation");
      expect(Object.keys(reset.data)).toEqual([
        "observation",
        "reward",
        "done",
        "terminated",
        "truncated",
        "info",
      ]);
      expect(reset.data.reward).toBeNull();
      expect(reset.data.done).toBe(false);
      const obs = Observation.parse(reset.data.observation);
      for (const key of ["reward", "done", "metadata"]) expect(obs).not.toHaveProperty(key);
      expect(reset.data.info).toMatchObject({ seed: 7, task_id: "single_deal" });

      const step = await ws.ask(OFFER(40));
      expect(step.type).toBe("observation");
      expect(typeof step.data.reward).toBe("number");
      expect(step.data.done).toBe(false);
      expect(Observation.parse(step.data.observation).current_round).toBe(1);
      expect(step.data).not.toHaveProperty("session_id");
    });

    it("state answers with the full state and never the session id", async () => {
      const { url } = await start();
      const ws = await connect(url);
      await ws.ask(RESET);
      await ws.ask(OFFER(40));
      const state = await ws.ask({ type: "state" });
      expect(state.type).toBe("state");
      const parsed = PublicState.strict().parse(state.data);
      expect(parsed.episode_id).toBe("ep-ws-1");
      expect(parsed.step_count).toBe(1);
      expect(parsed.hidden).toBeNull();
    });

    it("close gets no reply, the socket closes with 1000 and the session is released", async () => {
      const { url, released } = await start();
      const ws = await connect(url);
      await ws.ask(RESET);
      ws.send({ type: "close" });
      expect(await ws.closed()).toBe(1000);
      await released();
    });

    it("a socket dropped without a close frame also releases its session", async () => {
      const { url, released } = await start();
      const ws = await connect(url);
      await ws.ask(RESET);
      ws.socket.terminate();
      await released();
    });

    it("accepts the mcp frame and binds tools to the connection's session", async () => {
      const { url } = await start();
      const ws = await connect(url);
      const list = await ws.ask({
        type: "mcp",
        data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
      });
      expect(list.type).toBe("mcp");
      const tools = (list.data.result as { tools: { name: string; inputSchema: { required?: string[] } }[] })
        .tools;
      const offer = tools.find((t) => t.name === "make_offer");
      expect(offer?.inputSchema.required ?? []).not.toContain("session_id");

      const call = (id: number, name: string, args: Record<string, unknown>) =>
        ws.ask({
          type: "mcp",
          data: { jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } },
        });
      const started = await call(2, "new_negotiation", { seed: 3 });
      expect((started.data.result as { isError: boolean }).isError).toBe(false);
      const offered = await call(3, "make_offer", { price: 35 });
      expect((offered.data.result as { structuredContent: { done: boolean } }).structuredContent.done).toBe(
        false,
      );
      const state = await ws.ask({ type: "state" });
      expect(state.data.step_count).toBe(1);
    });
  });

  describe("error codes", () => {
    it("INVALID_JSON keeps the connection open", async () => {
      const { url } = await start();
      const ws = await connect(url);
      const err = await ws.ask("{not json");
      expect(err.type).toBe("error");
      expect(err.data.code).toBe("INVALID_JSON");
      expect(String(err.data.message)).toMatch(/^Invalid JSON: /);
      expect((await ws.ask(RESET)).type).toBe("observation");
    });

    it("UNKNOWN_TYPE for a missing or unknown type keeps the connection open", async () => {
      const { url } = await start();
      const ws = await connect(url);
      const unknown = await ws.ask({ type: "haggle" });
      expect(unknown.data).toEqual({ code: "UNKNOWN_TYPE", message: "Unknown message type: haggle" });
      const missing = await ws.ask({ data: {} });
      expect(missing.data.code).toBe("UNKNOWN_TYPE");
      expect((await ws.ask(RESET)).type).toBe("observation");
    });

    it("VALIDATION_ERROR for extra frame keys, a missing step payload and a bad action, with pydantic errors", async () => {
      const { url } = await start();
      const ws = await connect(url);
      const extra = await ws.ask({ type: "state", data: {} });
      expect(extra.data.code).toBe("VALIDATION_ERROR");
      expect(extra.data.message).toBe("Invalid message");
      expect(extra.data.errors).toEqual([
        { type: "extra_forbidden", loc: ["data"], msg: "Extra inputs are not permitted", input: {} },
      ]);

      const noData = await ws.ask({ type: "step" });
      expect(noData.data.errors).toEqual([expect.objectContaining({ type: "missing", loc: ["data"] })]);

      const notObject = await ws.ask({ type: "reset", data: 5 });
      expect(notObject.data.code).toBe("VALIDATION_ERROR");

      await ws.ask(RESET);
      const badType = await ws.ask({ type: "step", data: { type: "haggle", price: 10 } });
      expect(badType.data.errors).toEqual([
        expect.objectContaining({ type: "enum", loc: ["type"], input: "haggle" }),
      ]);
      const extraKey = await ws.ask({ type: "step", data: { type: "offer", price: 10, bribe: true } });
      expect(extraKey.data.errors).toEqual([
        { type: "extra_forbidden", loc: ["bribe"], msg: "Extra inputs are not permitted", input: true },
      ]);
      const badPrice = await ws.ask({ type: "step", data: { type: "offer", price: "ten" } });
      expect(badPrice.data.errors).toEqual([expect.objectContaining({ type: "float_type", loc: ["price"] })]);
      const badSeed = await ws.ask({ type: "reset", data: { seed: -1 } });
      expect(badSeed.data.errors).toEqual([
        expect.objectContaining({ type: "greater_than_equal", loc: ["seed"] }),
      ]);

      const state = await ws.ask({ type: "state" });
      expect(state.data.step_count).toBe(0);
    });

    it("accepts the metadata key typed OpenEnv clients add to every action", async () => {
      const { url } = await start();
      const ws = await connect(url);
      await ws.ask(RESET);
      const step = await ws.ask({
        type: "step",
        data: { type: "offer", price: 40, message: "40?", metadata: {} },
      });
      expect(step.type).toBe("observation");
    });

    it("EXECUTION_ERROR for a step before reset and after done keeps the connection open", async () => {
      const { url } = await start();
      const ws = await connect(url);
      const early = await ws.ask(OFFER(40));
      expect(early.data.code).toBe("EXECUTION_ERROR");
      expect(early.data.message).toEqual(expect.any(String));
      expect(Object.keys(early.data).sort()).toEqual(["code", "message"]);

      await ws.ask(RESET);
      const walked = await ws.ask({ type: "step", data: { type: "walk" } });
      expect(walked.data.done).toBe(true);
      const late = await ws.ask(OFFER(40));
      expect(late.data.code).toBe("EXECUTION_ERROR");
      expect((await ws.ask({ type: "state" })).data.done).toBe(true);
    });

    it.each([
      ["a binary frame", Buffer.from([1, 2, 3])],
      ["a JSON array", "[]"],
      ["a JSON string", '"x"'],
      ["JSON null", "null"],
    ])("SESSION_ERROR for %s, then the connection closes", async (_label, payload) => {
      const { url, released } = await start();
      const ws = await connect(url);
      ws.socket.send(payload);
      const err = await ws.frame();
      expect(err.type).toBe("error");
      expect(err.data.code).toBe("SESSION_ERROR");
      expect(await ws.closed()).toBe(1000);
      await released();
    });

    it("a frame over the size limit closes the connection (1009) and frees the slot", async () => {
      const { url, released } = await start();
      const ws = await connect(url);
      ws.send({ type: "step", data: { type: "offer", price: 1, message: "x".repeat(1100 * 1024) } });
      expect(await ws.closed()).toBe(1009);
      await released();
    });
  });

  describe("capacity, ordering, determinism", () => {
    it("the connection past capacity gets CAPACITY_REACHED with counts, then a close; a disconnect frees a slot", async () => {
      const { url, service } = await start(2);
      const a = await connect(url);
      const b = await connect(url);
      // Episode ids name one episode each, so only one connection may use the fixed one.
      await a.ask(RESET);
      await b.ask(FRESH_RESET);
      const c = await connect(url);
      const err = await c.frame();
      expect(err).toEqual({
        type: "error",
        data: {
          code: "CAPACITY_REACHED",
          message: "Server at capacity: 2/2 sessions active. Cannot accept new connections.",
          active_sessions: 2,
          max_sessions: 2,
        },
      });
      expect(await c.closed()).toBe(1000);

      a.send({ type: "close" });
      await a.closed();
      await activeSessionsReach(service, 1);
      const d = await connect(url);
      expect((await d.ask(FRESH_RESET)).type).toBe("observation");
    });

    it("answers pipelined frames strictly in order", async () => {
      const { url } = await start();
      const ws = await connect(url);
      const frames = [
        RESET,
        OFFER(30),
        { type: "state" },
        OFFER(35),
        { type: "state" },
        "{oops",
        { type: "state" },
      ];
      for (const f of frames) ws.send(f);
      const replies = [];
      for (let i = 0; i < frames.length; i++) replies.push(await ws.frame());
      expect(replies.map((r) => (r.type === "error" ? r.data.code : r.type))).toEqual([
        "observation",
        "observation",
        "state",
        "observation",
        "state",
        "INVALID_JSON",
        "state",
      ]);
      expect([replies[2], replies[4], replies[6]].map((r) => r?.data.step_count)).toEqual([1, 2, 2]);
    });

    it("the same seed and actions give byte-identical observations over WS and in process", async () => {
      const { url } = await start();
      const ws = await connect(url);
      const prices = [20, 22, 24, 26];
      const overWs = [JSON.stringify((await ws.ask(RESET)).data.observation)];
      for (const p of prices) {
        const r = await ws.ask(OFFER(p));
        expect(r.type).toBe("observation");
        overWs.push(JSON.stringify(r.data.observation));
      }

      const run = openRun("single_deal", { seed: 7, episodeId: "ep-ws-1" });
      const inProcess = [JSON.stringify(observe(run.episode))];
      for (const p of prices) {
        inProcess.push(
          JSON.stringify(stepRun(run, { type: "offer", price: p, message: `How about ${p}?` }).observation),
        );
      }
      expect(overWs).toEqual(inProcess);
    });

    it.each(TASK_IDS.map((t) => [t]))("plays a whole %s run to done over WS", async (taskId) => {
      const { url } = await start();
      const ws = await connect(url);
      const reset = await ws.ask({ type: "reset", data: { task_id: taskId, seed: 11 } });
      expect(reset.type).toBe("observation");
      let done = false;
      for (let i = 0; i < 400 && !done; i++) {
        const r = await ws.ask({ type: "step", data: { type: "accept" } });
        expect(r.type).toBe("observation");
        done = r.data.done === true;
      }
      expect(done).toBe(true);
      const state = await ws.ask({ type: "state" });
      expect(state.data.done).toBe(true);
    });

    it("refuses upgrades on other paths with 404", async () => {
      await start();
      const url = (server as LiveBackend).wsUrl.replace(/\/ws$/, "/elsewhere");
      const status = await new Promise<number>((resolve) => {
        const socket = new WebSocket(url);
        socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        socket.on("error", () => undefined);
      });
      expect(status).toBe(404);
    });
  });
});
