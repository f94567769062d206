import { describe, expect, it } from "vitest";
import { drawSeed, newEpisodeId, newSessionId } from "./ids";

describe("ids", () => {
  it("session ids carry 128 bits (22 base64url chars) and never repeat across many pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const id = newSessionId();
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(5000);
  });

  it("episode ids and seeds come from the same stream without overlap", () => {
    const eps = new Set(Array.from({ length: 2000 }, () => newEpisodeId()));
    expect(eps.size).toBe(2000);
    for (const e of eps) expect(e).toMatch(/^ep_[A-Za-z0-9_-]{16}$/);
    const seeds = Array.from({ length: 2000 }, () => drawSeed());
    expect(new Set(seeds).size).toBe(2000);
    for (const s of seeds) expect(Number.isSafeInteger(s) && s >= 0 && s < 2 ** 48).toBe(true);
  });
});
