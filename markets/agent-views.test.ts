import { describe, expect, it } from "vitest";
import { actListing } from "./listing/listing-market";
import { actRequest } from "./request/request-market";
import { FIXTURE_SELLER, fixtureListing } from "./testing/listing-fixture";
import { fixtureRequest, GOOD_PITCH } from "./testing/request-fixture";
import { agentViewsFor, viewFor } from "./views";

describe("agentViewsFor", () => {
  it("gives each agent exactly its viewFor view, for both kinds, undecided, engaged and passed", () => {
    const l = fixtureListing();
    actListing(l, { agent: "a", action: { type: "engage" } }, 1, FIXTURE_SELLER);
    actListing(l, { agent: "a", action: { type: "offer", price: 700, message: "hm" } }, 2, FIXTURE_SELLER);
    actListing(l, { agent: "b", action: { type: "pass", reason: "over_budget" } }, 3, FIXTURE_SELLER);
    const r = fixtureRequest();
    actRequest(r, { agent: "a", action: { type: "engage" } }, 1);
    actRequest(r, { agent: "a", action: { type: "submit", price: 100, pitch: GOOD_PITCH } }, 2);
    actRequest(r, { agent: "c", action: { type: "pass", reason: "negative_ev" } }, 3);
    for (const m of [l, r]) {
      const many = agentViewsFor(m, ["a", "b", "c"]);
      for (const a of ["a", "b", "c"])
        expect(JSON.stringify(many.get(a))).toBe(JSON.stringify(viewFor(m, { role: "agent", agent: a })));
    }
  });
});
