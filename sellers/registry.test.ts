import { describe, expect, it } from "vitest";
import { sellerKey } from "../env/seller-policy";
import {
  describeSeller,
  listSellerDescriptions,
  listSellers,
  llmTemplate,
  resolveSeller,
  UnknownSellerError,
} from "./registry";
import { RELEASE_LOCK } from "./releases";

const RULE_KEYS = [
  "bazaar-default@1",
  "bazaar-deceptive@1",
  "bazaar-impatient@1",
  "bazaar-collaborative@1",
  "bazaar-deceptive@2",
  "boulware@1",
  "linear@1",
  "conceder@1",
  "hardliner@1",
  "tit-for-tat@1",
  "craigslist-bot@1",
  "hardliner@2",
  "responsive@1",
  "responsive@2",
  "boulware@2",
  "linear@2",
  "conceder@2",
  "hardliner@3",
  "tit-for-tat@2",
  "craigslist-bot@2",
  "bazaar-default@2",
  "bazaar-impatient@2",
  "bazaar-collaborative@2",
  "bazaar-deceptive@3",
];

describe("seller registry", () => {
  it("resolves every released rule version with the locked hash", () => {
    expect(listSellers().map((s) => sellerKey(s.ref))).toEqual(RULE_KEYS);
    for (const key of RULE_KEYS) {
      const s = resolveSeller(key);
      expect(sellerKey(s.ref)).toBe(key);
      expect(s.ref.hash).toBe(RELEASE_LOCK[key]);
    }
  });

  it("resolves a bare id to its latest version", () => {
    expect(sellerKey(resolveSeller("boulware").ref)).toBe("boulware@2");
    expect(sellerKey(resolveSeller("hardliner").ref)).toBe("hardliner@3");
    expect(sellerKey(resolveSeller("responsive").ref)).toBe("responsive@2");
  });

  it("rejects unknown ids and versions, listing what exists", () => {
    for (const key of ["boulware@9", "nobody@1", "nobody"]) {
      let caught: unknown;
      try {
        resolveSeller(key);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(UnknownSellerError);
      const err = caught as UnknownSellerError;
      expect(err.requested).toBe(key);
      expect(err.available).toEqual(expect.arrayContaining(RULE_KEYS));
      expect(err.message).toContain("tit-for-tat@1");
      expect(err.message).toContain("llm-ollama:<tag>@3");
    }
  });

  it("describes every release with kind, params and hash for GET /sellers", () => {
    const rows = listSellerDescriptions();
    expect(rows.map((r) => `${r.id}@${r.version}`)).toEqual([...RULE_KEYS, "llm@1", "llm@2", "llm@3"]);
    const boulware = rows.find((r) => r.id === "boulware");
    expect(boulware).toMatchObject({ kind: "time-based", persona: "boulware", params: { e: 0.2, k: 0 } });
    expect(rows.every((r) => r.hash === RELEASE_LOCK[`${r.id}@${r.version}`])).toBe(true);
    expect(rows.at(-1)?.params).toMatchObject({ promptHash: llmTemplate().params.promptHash });
  });

  it("describes a policy that is not a release as unregistered", () => {
    const base = resolveSeller("linear@1");
    const forged = { ...base, ref: { ...base.ref, hash: "0000" } };
    expect(describeSeller(forged).kind).toBe("unregistered");
  });
});
