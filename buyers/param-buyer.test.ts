import { describe, expect, it } from "vitest";
import { tellsWith } from "../env/testing/tell-fixtures";
import { DEFAULT_PARAMS, floorEstimate, PARAM_BOUNDS, paramMove, paramsFromVector } from "./param-buyer";
import { openingObservation } from "./testing/opening-observation";

const tells = (fidget: number) => tellsWith({ fidget_level: fidget, verbal_urgency: 0.5 });

describe("parametric buyer", () => {
  it("clamps a raw vector into the parameter bounds", () => {
    const p = paramsFromVector([5, -1, 0.3, 2, 0.5, 0, 0.1]);
    expect(p.open).toBe(PARAM_BOUNDS.open[1]);
    expect(p.step).toBe(PARAM_BOUNDS.step[0]);
    expect(p.tellWeight).toBe(1);
  });

  it("reads the floor from fidget when it trusts tells, from its prior when it does not", () => {
    const obs = openingObservation("single_deal@2", {
      current_round: 2,
      opponent_last_offer: 100,
      seller_last_move_delta: 0,
      tells: tells(0.9 - 1.4 * 0.2),
    });
    expect(floorEstimate(obs, { ...DEFAULT_PARAMS, tellWeight: 1 })).toBeCloseTo(80, 6);
    expect(floorEstimate(obs, { ...DEFAULT_PARAMS, tellWeight: 0, headroom: 0.5 })).toBeCloseTo(50, 6);
    expect(
      floorEstimate({ ...obs, tells: null }, { ...DEFAULT_PARAMS, tellWeight: 1, headroom: 0.5 }),
    ).toBeCloseTo(50, 6);
  });

  it("makes its real offer on the last round: floor plus a share of the gap to the ask", () => {
    const obs = openingObservation("single_deal@2", {
      current_round: 7,
      rounds_remaining: 1,
      opponent_last_offer: 100,
      seller_last_move_delta: 0,
      own_last_offer: 40,
      tells: null,
      own_private_budget: 150,
    });
    const move = paramMove(obs, { ...DEFAULT_PARAMS, headroom: 0.4, finalShare: 0.25, acceptMarkup: 0 });
    expect(move).toEqual({ type: "offer", price: 70 });
    expect(paramMove(obs, { ...DEFAULT_PARAMS, headroom: 0.4, finalShare: 0.25 }, 99.5).type).toBe("accept");
  });
});
