import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  FIELD_RELEASES,
  fieldHash,
  fieldKey,
  findField,
  findRival,
  RIVAL_RELEASES,
  rivalHash,
  rivalKey,
} from "./rival-releases";

const LOCK = JSON.parse(readFileSync(new URL("./versions.lock.json", import.meta.url), "utf8")) as Record<
  string,
  string
>;

describe("released rivals and fields are frozen", () => {
  it("every release's recomputed hash equals the lock file (a change means a new version)", () => {
    const keys: string[] = [];
    for (const r of RIVAL_RELEASES) {
      keys.push(rivalKey(r));
      expect(rivalHash(r), `${rivalKey(r)} changed: release @${r.version + 1} instead`).toBe(
        LOCK[rivalKey(r)],
      );
    }
    for (const f of FIELD_RELEASES) {
      keys.push(fieldKey(f));
      expect(fieldHash(f), `${fieldKey(f)} changed: release @${f.version + 1} instead`).toBe(
        LOCK[fieldKey(f)],
      );
    }
    expect(Object.keys(LOCK).sort()).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a field's hash covers its rivals' own hashes: editing a rival changes every field that seats it", () => {
    const field = findField("arena-field@1")!;
    const eager = findRival("rival-eager@1")!;
    const edited = { ...eager, params: { ...eager.params, e: 3 } };
    expect(rivalHash(edited)).not.toBe(rivalHash(eager));
    expect(findRival("rival-eager@9")).toBeUndefined();
    expect(() => fieldHash({ ...field, pool: ["nobody@1"] })).toThrow(/unknown rival nobody@1/);
  });
});
