import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerFromSpec } from "../../../buyers/buyer-registry";
import { inProcessSessions } from "../../../eval/harness/in-process-session";
import { memoryStore } from "../../../eval/harness/memory-store";
import { runEval } from "../../../eval/harness/run-eval";
import { DEFAULT_CONFIG } from "../../config/config";
import { createLogger } from "../../log/logger";
import { freePort } from "../../testing/embedded-pg";
import { type RunningServer, startServer } from "../../transport/server";
import { EnvHttpError, httpSessions } from "./http-env-client";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer(
    { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "error" },
    { logger: createLogger("error"), drainMs: 100 },
  );
});
afterAll(async () => {
  await server.close();
});

const plan = (runId: string) => ({
  runId,
  buyers: ["rule:smart", "time:linear"].map((s) => buyerFromSpec(s)),
  tasks: ["single_deal", "career_10", "deceptive_seller"],
  seeds: [1, 2, 3],
  tells: true,
});

describe("eval over HTTP (--server)", () => {
  it("gives exactly the in-process results against a real server", async () => {
    const common = { gitCommit: "t", concurrency: 3 };
    const local = await runEval(plan("local"), {
      ...common,
      sessions: inProcessSessions,
      transport: "in-process",
      store: memoryStore(),
    });
    const remote = await runEval(plan("remote"), {
      ...common,
      sessions: httpSessions({ baseUrl: server.url }),
      transport: "http",
      store: memoryStore(),
    });
    expect(JSON.stringify(remote.summary)).toBe(JSON.stringify(local.summary));
    const career = remote.units.find((u) => u.task_id === "career_10");
    expect(career?.records).toHaveLength(10);
    expect(career?.transport).toBe("http");
  });

  it("keeps its connections alive: a whole run at concurrency 2 opens at most 2 sockets", async () => {
    let opened = 0;
    const count = () => {
      opened++;
    };
    server.server.on("connection", count);
    try {
      const run = await runEval(
        { ...plan("kept"), tasks: ["single_deal", "career_10"] },
        {
          gitCommit: "t",
          concurrency: 2,
          sessions: httpSessions({ baseUrl: server.url }),
          transport: "http",
          store: memoryStore(),
        },
      );
      // Hundreds of requests (10-episode careers, a reset and a score per unit) over two sockets.
      expect(run.units.length).toBe(12);
      expect(opened).toBeGreaterThan(0);
      expect(opened).toBeLessThanOrEqual(2);
    } finally {
      server.server.off("connection", count);
    }
  });

  it("surfaces server errors with status and path", async () => {
    const s = httpSessions({ baseUrl: server.url })();
    await expect(s.reset({ taskId: "no_such_task", seed: 1, episodeId: "x", tells: true })).rejects.toThrow(
      EnvHttpError,
    );
  });

  it("spreads sessions over several URLs, moves off one that is unreachable, and waits out 503s", async () => {
    const dead = `http://127.0.0.1:${await freePort()}`;
    // A replica in failover: 503 with Retry-After once per path, then the real server's answer.
    const refused = new Set<string>();
    const flaky = createServer((req, res) => {
      const key = `${req.method} ${req.url}`;
      if (!refused.has(key)) {
        refused.add(key);
        res.writeHead(503, { "retry-after": "0", "content-type": "application/json" }).end("{}");
        return;
      }
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const r = await fetch(`${server.url}${req.url}`, {
          method: req.method,
          headers: { "content-type": "application/json" },
          ...(req.method === "POST" ? { body: Buffer.concat(chunks).toString() } : {}),
        });
        res.writeHead(r.status, { "content-type": "application/json" }).end(await r.text());
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, "127.0.0.1", resolve));
    const via = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}`;
    try {
      const common = { gitCommit: "t", concurrency: 3 };
      const local = await runEval(plan("local-2"), {
        ...common,
        sessions: inProcessSessions,
        transport: "in-process",
        store: memoryStore(),
      });
      const remote = await runEval(plan("spread"), {
        ...common,
        sessions: httpSessions({ baseUrl: [dead, via, server.url], retryForMs: 10_000 }),
        transport: "http",
        store: memoryStore(),
      });
      expect(JSON.stringify(remote.summary)).toBe(JSON.stringify(local.summary));
      expect(refused.size).toBeGreaterThan(0);
    } finally {
      flaky.close();
    }
  });
});
