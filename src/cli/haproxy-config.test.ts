import { describe, expect, it } from "vitest";
import { ERROR_ROUTES, ErrorBody } from "../wire/errors";
import {
  haproxyConfig,
  haproxyThreadsFor,
  NO_REPLICA_BODY,
  NO_REPLICA_RETRY_AFTER_S,
  REPLICA_FAILED_BODY,
  REPLICA_FAILED_RETRY_AFTER_S,
  REPLICA_TIMEOUT_BODY,
} from "./haproxy-config";

describe("haproxyConfig", () => {
  it.each([
    [503, NO_REPLICA_RETRY_AFTER_S, NO_REPLICA_BODY, "NO_REPLICA_READY"],
    [502, REPLICA_FAILED_RETRY_AFTER_S, REPLICA_FAILED_BODY, "REPLICA_FAILED"],
    [504, REPLICA_FAILED_RETRY_AFTER_S, REPLICA_TIMEOUT_BODY, "REPLICA_TIMEOUT"],
  ] as const)(
    "HAProxy's own %i is the servers' JSON error shape with Retry-After",
    (status, after, body, code) => {
      const cfg = haproxyConfig({ bind: ":8000", replicas: [{ id: "r1", address: "127.0.0.1:8001" }] });
      const lines = cfg.split("\n").filter((l) => l.trim().startsWith(`http-error status ${status} `));
      expect(lines).toHaveLength(1);
      const line = lines[0] ?? "";
      expect(line).toContain("content-type application/json");
      expect(line).toContain(`hdr Retry-After ${after}`);
      // HAProxy's single quotes take the string as is: the body must hold none itself.
      const text = /string '([^']*)'$/.exec(line)?.[1];
      expect(ErrorBody.parse(JSON.parse(text ?? "null"))).toEqual(body);
      expect(body.error.code).toBe(code);
      // The status a server would answer that code with is the one HAProxy answers it with.
      expect(ERROR_ROUTES[code].http).toBe(status);
    },
  );

  it("keeps client connections alive (no httpclose) and routes by the session id's replica prefix", () => {
    const cfg = haproxyConfig({
      bind: ":8000",
      replicas: [
        { id: "r1", address: "a:1" },
        { id: "r2", address: "b:2" },
      ],
    });
    expect(cfg).not.toMatch(/httpclose|http-server-close|forceclose/);
    expect(cfg).toContain("use-server r2 if { var(txn.replica) -m str r2 }");
    expect(cfg).toContain("server r2 b:2");
    // A batch is routed by its first session; an orphan's requests hash onto one survivor.
    expect(cfg).toContain("json_query('$.steps[0].session_id')");
    expect(cfg).toContain("json_query('$.session_ids[0]')");
    expect(cfg).toContain("use_backend sessions if { var(txn.sid) -m found }");
    expect(cfg).toContain("balance hash var(txn.sid)");
    expect(cfg).toContain("server r2 b:2 track replicas/r2");
    // The exchange goes to whichever replica runs it: the one whose /ready/exchange says 200.
    expect(cfg).toContain("use_backend exchange if { path_beg /agents /markets /ledger }");
    const exchange = cfg.slice(cfg.indexOf("backend exchange"));
    expect(exchange).toContain("option httpchk GET /ready/exchange");
    expect(exchange).toContain("retry-on conn-failure 503");
    expect(exchange).toContain("server r1 a:1\n  server r2 b:2");
  });

  it("sets HAProxy's threads only when told, one per four cores on a box shared with replicas", () => {
    const replicas = [{ id: "r1", address: "a:1" }];
    expect(haproxyConfig({ bind: ":8000", replicas })).not.toContain("nbthread");
    expect(haproxyConfig({ bind: ":8000", replicas, threads: 1 })).toContain("\n  nbthread 1\n");
    expect(haproxyConfig({ bind: ":8000", replicas, threads: 3 })).toMatch(
      /^global$[\s\S]*^ {2}nbthread 3$[\s\S]*^defaults$/m,
    );
    expect([1, 2, 4, 7, 8, 16, 64].map(haproxyThreadsFor)).toEqual([1, 1, 1, 1, 2, 4, 16]);
  });
});
