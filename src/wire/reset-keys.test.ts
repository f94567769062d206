import { describe, expect, it } from "vitest";
import { ResetRequest, UNTYPED_RESET_KEYS, understoodResetKeys } from "./reset";
import { SellerResetRequest } from "./seller-role";

/**
 * Every key of either role's reset schema, classified. The two lists deliberately differ: the
 * buyer role picks its opponent seller and its reward mode, the seller role picks its opponent
 * buyer (its reward is the task's). A key added to a schema and not classified here fails, so
 * whoever adds it decides whether the other role should understand it too.
 */
const BOTH = ["role", "session_id", "task", "task_id", "seed", "episode_id", "options"];
const BUYER_ROLE_ONLY = ["seller", "reward_mode"];
const SELLER_ROLE_ONLY = ["buyer"];

const sorted = (keys: Iterable<string>) => [...keys].sort();

describe("the keys a reset understands come from its schema", () => {
  it("classifies every key of both reset schemas", () => {
    expect(sorted(Object.keys(ResetRequest.shape))).toEqual(sorted([...BOTH, ...BUYER_ROLE_ONLY]));
    expect(sorted(Object.keys(SellerResetRequest.shape))).toEqual(sorted([...BOTH, ...SELLER_ROLE_ONLY]));
  });

  it("each role understands its schema's keys and the untyped timeout_s, and only the role-specific keys differ", () => {
    const buyer = understoodResetKeys(ResetRequest);
    const seller = understoodResetKeys(SellerResetRequest);
    for (const k of UNTYPED_RESET_KEYS) {
      expect(buyer.has(k) && seller.has(k)).toBe(true);
      expect(k in ResetRequest.shape || k in SellerResetRequest.shape).toBe(false);
    }
    expect(sorted([...buyer].filter((k) => !seller.has(k)))).toEqual(sorted(BUYER_ROLE_ONLY));
    expect(sorted([...seller].filter((k) => !buyer.has(k)))).toEqual(sorted(SELLER_ROLE_ONLY));
  });
});
