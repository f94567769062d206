import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_CONFIG, loadConfig } from "./config";

describe("server config", () => {
  it("defaults: port 8000, ./data/bazaar.db, 1,024 sessions, 30 min TTL", () => {
    expect(loadConfig([], {})).toEqual(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).toMatchObject({
      port: 8000,
      db: "./data/bazaar.db",
      maxSessions: 1024,
      sessionTtlS: 1800,
    });
  });

  it("reads environment variables, OpenEnv's names as a fallback, and flags win", () => {
    const env = {
      PORT: "9001",
      BAZAAR_DB: ":memory:",
      MAX_CONCURRENT_ENVS: "300",
      CORS_ORIGINS: "http://a, http://b",
    };
    expect(loadConfig([], env)).toMatchObject({
      port: 9001,
      db: ":memory:",
      maxSessions: 300,
      corsOrigins: ["http://a", "http://b"],
    });
    expect(loadConfig([], { ...env, BAZAAR_MAX_SESSIONS: "12" }).maxSessions).toBe(12);
    expect(loadConfig(["--port", "9100", "--max-sessions=5", "--session-ttl", "2.5"], env)).toMatchObject({
      port: 9100,
      maxSessions: 5,
      sessionTtlS: 2.5,
    });
  });

  it("rejects bad values and unknown flags with the setting's name", () => {
    expect(() => loadConfig(["--port", "eighty"], {})).toThrow(/--port/);
    expect(() => loadConfig([], { LOG_LEVEL: "loud" })).toThrow(ConfigError);
    expect(() => loadConfig(["--nope", "1"], {})).toThrow(/Unknown option --nope/);
    expect(() => loadConfig(["--db"], {})).toThrow(/needs a value/);
    expect(() => loadConfig(["--commit-thread", "maybe"], {})).toThrow(
      /--commit-thread \/ BAZAAR_COMMIT_THREAD/,
    );
  });

  it("the lease TTL: 3 s by default, set by --lease-ttl or BAZAAR_LEASE_TTL_S, refused outside 2-600 s", () => {
    expect(DEFAULT_CONFIG.leaseTtlS).toBe(3);
    expect(loadConfig(["--lease-ttl", "10"], {}).leaseTtlS).toBe(10);
    expect(loadConfig([], { BAZAAR_LEASE_TTL_S: "2.5" }).leaseTtlS).toBe(2.5);
    expect(() => loadConfig(["--lease-ttl", "1"], {})).toThrow(
      "Invalid --lease-ttl / BAZAAR_LEASE_TTL_S: at least 2 seconds (a live replica heartbeats about every second)",
    );
    expect(() => loadConfig([], { BAZAAR_LEASE_TTL_S: "soon" })).toThrow(/--lease-ttl/);
    expect(() => loadConfig(["--lease-ttl=601"], {})).toThrow(/at most 600 seconds/);
  });

  it("--replicas / BAZAAR_REPLICAS: off by default, 1-64 processes", () => {
    expect(DEFAULT_CONFIG.replicas).toBeNull();
    expect(loadConfig(["--replicas", "3"], {}).replicas).toBe(3);
    expect(loadConfig([], { BAZAAR_REPLICAS: "2" }).replicas).toBe(2);
    expect(() => loadConfig(["--replicas", "0"], {})).toThrow(/--replicas.*at least 1/);
    expect(() => loadConfig(["--replicas", "2.5"], {})).toThrow(/--replicas/);
  });

  it("commits on the event loop unless told on/true/1 (flag or BAZAAR_COMMIT_THREAD)", () => {
    expect(loadConfig([], {}).commitThread).toBe(false);
    expect(loadConfig(["--commit-thread", "on"], {}).commitThread).toBe(true);
    expect(loadConfig([], { BAZAAR_COMMIT_THREAD: "TRUE" }).commitThread).toBe(true);
    expect(loadConfig(["--commit-thread=0"], { BAZAAR_COMMIT_THREAD: "1" }).commitThread).toBe(false);
  });

  it("API keys are off by default; keys, keys file and per-key caps come from the environment or flags", () => {
    expect(DEFAULT_CONFIG).toMatchObject({ apiKeys: [], apiKeysFile: null });
    const env = {
      BAZAAR_API_KEYS: "aaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbb",
      BAZAAR_API_KEYS_FILE: "/run/secrets/keys",
      BAZAAR_KEY_MAX_SESSIONS: "8",
      BAZAAR_KEY_RATE: "2.5",
    };
    expect(loadConfig([], env)).toMatchObject({
      apiKeys: ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"],
      apiKeysFile: "/run/secrets/keys",
      keyMaxSessions: 8,
      keyRate: 2.5,
    });
    expect(loadConfig(["--key-rate", "10"], env).keyRate).toBe(10);
    expect(() => loadConfig([], { BAZAAR_KEY_RATE: "0" })).toThrow(/--key-rate/);
  });
});
