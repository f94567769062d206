import { describe, expect, it } from "vitest";
import { extractJsonObject } from "./json-object";
import { parseSellerReply } from "./seller-reply";

describe("model reply parsing", () => {
  it("reads plain, fenced, prose-wrapped and think-prefixed JSON", () => {
    const want = { action: "counter", price: 50, message: "Chalo 50" };
    for (const text of [
      '{"message": "Chalo 50", "action": "counter", "price": 50}',
      '```json\n{"message": "Chalo 50", "action": "counter", "price": 50}\n```',
      'Sure! {"message": "Chalo 50", "action": "counter", "price": 50} Thanks.',
      '<think>{"price": 1}</think>{"message": "Chalo 50", "action": "counter", "price": 50}',
    ])
      expect(parseSellerReply(text)).toEqual(want);
  });

  it("retries with single quotes turned double and trailing commas dropped", () => {
    expect(extractJsonObject("{'message': 'ok', 'price': 40,}")).toEqual({ message: "ok", price: 40 });
    expect(extractJsonObject('{"a": [1, 2,], }')).toEqual({ a: [1, 2] });
  });

  it("maps action synonyms, reads prices written as text, and treats a bare price as a counter", () => {
    expect(parseSellerReply('{"action": "Counter-Offer", "price": "₹1,250", "message": "x"}')).toMatchObject({
      action: "counter",
      price: 1250,
    });
    expect(parseSellerReply('{"action": "deal", "price": null}')).toMatchObject({
      action: "accept",
      price: null,
    });
    expect(parseSellerReply('{"price": 45, "message": "45?"}')).toMatchObject({
      action: "counter",
      price: 45,
    });
  });

  it("rejects garbage, unknown actions and an unclosed think block", () => {
    for (const text of ["", "no json", "{not json", '{"action": "dance"}', "<think>still thinking {"])
      expect(parseSellerReply(text)).toBeNull();
  });

  it("caps a long message", () => {
    const long = parseSellerReply(JSON.stringify({ action: "walk", message: "a".repeat(500) }));
    expect(long?.message).toHaveLength(320);
    expect(long?.message.endsWith("...")).toBe(true);
  });
});
