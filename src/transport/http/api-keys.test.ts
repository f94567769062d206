import { describe, expect, it } from "vitest";
import { ApiKeys, bearerKey, parseKeysFile } from "./api-keys";
import { KeyLedger } from "./key-ledger";
import { TokenBuckets } from "./token-bucket";

const K1 = "k1-0123456789abcdef";
const K2 = "k2-0123456789abcdef";

describe("ApiKeys", () => {
  it("names a matching key by position and refuses anything else", () => {
    const keys = new ApiKeys([K1, K2, K1]);
    expect(keys.size).toBe(2);
    expect(keys.identify(K1)).toBe("key-1");
    expect(keys.identify(K2)).toBe("key-2");
    expect(keys.identify(`${K1} `)).toBeNull();
    expect(keys.identify(K1.slice(0, -1))).toBeNull();
    expect(keys.identify("")).toBeNull();
  });

  it("refuses short keys without quoting them", () => {
    expect(() => new ApiKeys([K1, "tiny-secret"])).toThrow(/#2 is shorter than 16/);
    expect(() => new ApiKeys([K1, "tiny-secret"])).not.toThrow(/tiny/);
  });

  it("reads bearer headers and key files", () => {
    expect(bearerKey(`Bearer ${K1}`)).toBe(K1);
    expect(bearerKey(`bearer   ${K1} `)).toBe(K1);
    expect(bearerKey(`Basic ${K1}`)).toBeNull();
    expect(bearerKey(undefined)).toBeNull();
    expect(parseKeysFile(`# trainers\n${K1}\r\n\n  ${K2}  \n`)).toEqual([K1, K2]);
  });
});

describe("TokenBuckets", () => {
  it("allows a burst of one second's worth, then refills at the rate, per name", () => {
    let t = 0;
    const b = new TokenBuckets(3, () => t);
    expect([b.take("a"), b.take("a"), b.take("a")].every((r) => r.ok)).toBe(true);
    expect(b.take("a")).toEqual({ ok: false, retryAfterS: 1 });
    expect(b.take("b").ok).toBe(true);
    t = 340;
    expect(b.take("a").ok).toBe(true);
    expect(b.take("a").ok).toBe(false);
  });

  it("asks slow keys to wait long enough", () => {
    let t = 0;
    const b = new TokenBuckets(0.25, () => t);
    expect(b.take("a").ok).toBe(true);
    expect(b.take("a")).toEqual({ ok: false, retryAfterS: 4 });
    t = 4000;
    expect(b.take("a").ok).toBe(true);
  });
});

describe("KeyLedger", () => {
  it("counts recorded sessions and held slots against the cap, per key", () => {
    const live = new Set(["s1", "s2"]);
    const l = new KeyLedger(3, (id) => live.has(id));
    l.record("key-1", ["s1", "s2"]);
    const release = l.hold("key-1", 1);
    expect(l.count("key-1")).toBe(3);
    expect(l.hasRoom("key-1", 1)).toBe(false);
    expect(l.hasRoom("key-1", 0)).toBe(true);
    expect(l.hasRoom("key-2", 3)).toBe(true);
    release();
    release();
    expect(l.count("key-1")).toBe(2);
    l.forget("s1");
    expect(l.count("key-1")).toBe(1);
  });

  it("drops sessions that ended elsewhere (evicted, closed by another key) when counting", () => {
    const live = new Set(["s1", "s2"]);
    const l = new KeyLedger(2, (id) => live.has(id));
    l.record("key-1", ["s1", "s2"]);
    expect(l.hasRoom("key-1", 1)).toBe(false);
    live.delete("s2");
    expect(l.hasRoom("key-1", 1)).toBe(true);
  });
});
