import type { ErrorBody } from "../wire/errors";

/** Seconds HAProxy's own 503 tells clients to wait: a replica is back after two good checks. */
export const NO_REPLICA_RETRY_AFTER_S = 2;

/**
 * The body of HAProxy's own 503 (no replica ready), in the servers' error shape, so clients
 * handle it like any other retryable 503.
 */
export const NO_REPLICA_BODY: ErrorBody = {
  detail:
    "No replica is ready to serve this request (all are starting, draining or down). Retry after Retry-After.",
  error: {
    code: "NO_REPLICA_READY",
    message:
      "No replica is ready to serve this request (all are starting, draining or down). Retry after Retry-After.",
  },
};

/** Seconds HAProxy's own 502/504 tell clients to wait before retrying (the same request_id is safe). */
export const REPLICA_FAILED_RETRY_AFTER_S = 1;

/**
 * The body of HAProxy's own 502: the replica closed the connection or sent no valid answer
 * (it crashed mid-request). Whether the request took effect is unknown, so the retry must reuse
 * its request_id (steps are idempotent by it) or, for the exchange, its client_key.
 */
export const REPLICA_FAILED_BODY: ErrorBody = {
  detail:
    "The replica serving this request failed before it answered. Retry after Retry-After with the same request_id (or client_key): a request that did take effect is not applied twice.",
  error: {
    code: "REPLICA_FAILED",
    message:
      "The replica serving this request failed before it answered. Retry after Retry-After with the same request_id (or client_key): a request that did take effect is not applied twice.",
  },
};

/** The body of HAProxy's own 504: the replica did not answer within the balancer's timeout. */
export const REPLICA_TIMEOUT_BODY: ErrorBody = {
  detail:
    "The replica serving this request did not answer in time. Retry after Retry-After with the same request_id (or client_key): a request that did take effect is not applied twice.",
  error: {
    code: "REPLICA_TIMEOUT",
    message:
      "The replica serving this request did not answer in time. Retry after Retry-After with the same request_id (or client_key): a request that did take effect is not applied twice.",
  },
};

/** One `http-error` line: HAProxy's own answer of `status` in the servers' JSON error shape. */
const httpError = (status: number, retryAfterS: number, body: ErrorBody): string =>
  `  http-error status ${status} content-type application/json hdr Retry-After ${retryAfterS} string '${JSON.stringify(body)}'`;

export interface HaproxyReplica {
  /** The replica id (BAZAAR_REPLICA_ID): the prefix of every session id it creates. */
  id: string;
  /** host:port HAProxy reaches it at. */
  address: string;
}

export interface HaproxyOptions {
  /** What HAProxy listens on, e.g. "127.0.0.1:8080" or ":8000". */
  bind: string;
  replicas: readonly HaproxyReplica[];
  /** Health-check interval; a replica is out after two failed checks, back after two good ones. */
  checkMs?: number;
  /**
   * Resolve replica host names through the system's DNS at run time (compose, Kubernetes),
   * so HAProxy starts before its replicas and follows a restarted pod to its new address.
   */
  dns?: boolean;
  /** HAProxy's threads (nbthread); haproxyThreadsFor() picks one for a box. */
  threads?: number;
}

/**
 * HAProxy threads for a box of `cpus` cores that also runs the replicas: one per four cores, at
 * least one. A thread forwards tens of thousands of requests a second, far more than a replica
 * serves, and on a small box every extra thread competes with the replicas for the same cores.
 */
export const haproxyThreadsFor = (cpus: number): number => Math.max(1, Math.floor(cpus / 4));

/**
 * The load balancer's configuration for N replicas (docs/scaling.md explains each part):
 * - a request naming a session goes to the replica whose id prefixes the session id. The id is
 *   read from the JSON body's session_id (json_query, so the body is buffered), a batch's first
 *   item (steps[0].session_id, session_ids[0]), the session_id query parameter, or the
 *   x-session-id header, in that order;
 * - when that replica is down, the session id is hashed (consistently) onto a survivor, so every
 *   request of an orphaned session reaches the same replica, which takes it over once; balancing
 *   them instead would bounce them between survivors, each answering 503 while another holds it;
 * - the exchange's routes (/agents, /markets, /ledger) go to the one replica that runs the exchange
 *   (it holds the exchange's lease in Postgres; its /ready/exchange alone says 200);
 * - anything else (/reset of a new session, catalog, docs) goes to the least busy healthy replica;
 * - a WebSocket stays on the replica its connection reached (a session held by a socket never moves);
 * - health is /ready: a draining replica (SIGTERM) or one without its database gets no new work,
 *   and once it is out, requests for its sessions are balanced to a survivor, which takes the
 *   sessions over from Postgres (use-server rules are ignored for a server that is down).
 */
export function haproxyConfig(opts: HaproxyOptions): string {
  const check = opts.checkMs ?? 500;
  const dns = opts.dns === true ? " resolvers dns init-addr last,libc,none" : "";
  const lines = [
    "# Generated by src/cli/haproxy-config.ts; docs/scaling.md explains it.",
    "global",
    // Two file descriptors per connection must fit the usual 20,000 (or lower) ulimit.
    "  maxconn 4096",
    // Room for a whole request body (the server's own limit is 64 KiB): json_query reads the buffer.
    "  tune.bufsize 81920",
    ...(opts.threads === undefined ? [] : [`  nbthread ${opts.threads}`]),
    "",
    ...(opts.dns === true ? ["resolvers dns", "  parse-resolv-conf", "  hold valid 5s", ""] : []),
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    // A busy replica may answer /ready slowly; a dead one refuses the connection at once.
    "  timeout check 2s",
    "  timeout client 120s",
    "  timeout server 120s",
    "  timeout tunnel 1h",
    "  retries 3",
    "  option redispatch 1",
    // HAProxy's own 503 (no replica ready), 502 (a replica failed mid-request) and 504 (it did
    // not answer in time), in the servers' JSON error shape, with Retry-After.
    httpError(503, NO_REPLICA_RETRY_AFTER_S, NO_REPLICA_BODY),
    httpError(502, REPLICA_FAILED_RETRY_AFTER_S, REPLICA_FAILED_BODY),
    httpError(504, REPLICA_FAILED_RETRY_AFTER_S, REPLICA_TIMEOUT_BODY),
    "",
    "frontend bazaar",
    `  bind ${opts.bind}`,
    "  option http-buffer-request",
    "  acl json_post method POST",
    "  acl json_post req.hdr(content-type) -m sub json",
    "  http-request set-var(txn.sid) req.body,json_query('$.session_id') if json_post",
    // A batch goes whole to the replica of its first session (a /batch/reset made them all there).
    "  http-request set-var(txn.sid) req.body,json_query('$.steps[0].session_id') if !{ var(txn.sid) -m found } json_post",
    "  http-request set-var(txn.sid) req.body,json_query('$.session_ids[0]') if !{ var(txn.sid) -m found } json_post",
    "  http-request set-var(txn.sid) url_param(session_id) if !{ var(txn.sid) -m found }",
    "  http-request set-var(txn.sid) req.hdr(x-session-id) if !{ var(txn.sid) -m found }",
    "  http-request set-var(txn.replica) var(txn.sid),field(1,'.') if { var(txn.sid) -m sub . }",
    // The exchange (docs/exchange.md) is one book per market and one ledger: one replica holds it.
    "  use_backend exchange if { path_beg /agents /markets /ledger }",
    "  use_backend sessions if { var(txn.sid) -m found }",
    "  default_backend replicas",
    "",
    // New sessions and everything else: the least busy ready replica. Its health checks are the
    // only ones; the sessions backend tracks them.
    "backend replicas",
    "  balance leastconn",
    "  option httpchk GET /ready",
    "  http-check expect status 200",
    `  default-server check inter ${check}ms fall 2 rise 2${dns}`,
    ...opts.replicas.map((r) => `  server ${r.id} ${r.address}`),
    "",
    "backend sessions",
    "  balance hash var(txn.sid)",
    "  hash-type consistent",
    ...opts.replicas.map((r) => `  use-server ${r.id} if { var(txn.replica) -m str ${r.id} }`),
    ...opts.replicas.map((r) => `  server ${r.id} ${r.address} track replicas/${r.id}${dns}`),
    "",
    // The exchange runs on the one replica holding its lease (exchange-host.ts): that replica's
    // /ready/exchange says 200, the others' 503, so the exchange follows a takeover by itself.
    "backend exchange",
    "  option httpchk GET /ready/exchange",
    "  http-check expect status 200",
    `  default-server check inter ${check}ms fall 2 rise 2${dns}`,
    ...opts.replicas.map((r) => `  server ${r.id} ${r.address}`),
    "",
  ];
  return lines.join("\n");
}
