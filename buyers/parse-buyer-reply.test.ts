import { describe, expect, it } from "vitest";
import { extractJsonObject, fallbackOffer, parseBuyerReply, stripThinking } from "./parse-buyer-reply";
import { openingObservation } from "./testing/opening-observation";

const obs = openingObservation(); // ask 60, budget 100

describe("parseBuyerReply", () => {
  it("reads a plain offer, accept and walk", () => {
    expect(parseBuyerReply('{"action":"offer","price":35,"message":"35 chalega?"}', obs)).toEqual({
      action: { type: "offer", price: 35, message: "35 chalega?" },
      parseError: false,
    });
    expect(parseBuyerReply('{"action":"accept","price":null}', obs).action).toEqual({
      type: "accept",
      message: "",
    });
    expect(parseBuyerReply('{"action":"WALK","price":null,"message":"bye"}', obs).action.type).toBe("walk");
  });

  it("drops think blocks, takes the fenced block and slices braces", () => {
    const text =
      '<think>maybe 30?</think>\nSure:\n```json\n{"action": "offer", "price": "₹42", "message": "x"}\n```\ntrailing';
    expect(parseBuyerReply(text, obs)).toMatchObject({
      action: { type: "offer", price: 42 },
      parseError: false,
    });
    expect(stripThinking("<think>unterminated")).toBe("");
    expect(extractJsonObject('noise {"a": {"b": 1}} more')).toBe('{"a": {"b": 1}}');
  });

  it("records a parse error and plays the fallback for garbage, bad enums and bad prices", () => {
    const cases: Array<[string, string]> = [
      ["", "empty"],
      ["I think 40 is fair", "no_json_object"],
      ["{action: offer}", "invalid_json"],
      ['{"action":"haggle","price":40}', "unknown_action"],
      ['{"action":"offer","price":null}', "price_missing"],
      ['{"action":"offer","price":"lots"}', "price_not_finite"],
      ['{"action":"offer","price":0}', "price_out_of_range"],
      ['{"action":"offer","price":101}', "price_out_of_range"],
    ];
    for (const [text, failure] of cases) {
      const r = parseBuyerReply(text, obs);
      expect(r.parseError, text).toBe(true);
      expect(r.failure, text).toBe(failure);
      expect(r.action).toEqual({ type: "offer", price: 30, message: "" });
    }
  });

  it("falls back above the buyer's own last offer, never below it", () => {
    const later = { ...obs, own_last_offer: 40, opponent_last_offer: 54 };
    expect(fallbackOffer(later)).toBe(43.5);
    expect(parseBuyerReply("garbage", later).action.price).toBe(43.5);
  });
});
