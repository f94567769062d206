import { describe, expect, it } from "vitest";
import { priceMentions } from "../numbers/mentions";
import { leaksReservation } from "../reservation-leak";
import { REDACTION_LINES, redactionLine } from "./redaction-lines";

describe("redaction lines", () => {
  it("are whole sentences with no number of any kind and no floor phrase", () => {
    for (const line of REDACTION_LINES) {
      expect(line).toMatch(/^[A-Z][^\d]*[.!?]$/);
      expect(priceMentions(line)).toEqual([]);
      expect(leaksReservation([{ message: `${line} 45`, price: 45 }], 31.5)).toBe(false);
    }
  });

  it("are chosen by the text, so the same message is always redacted the same way", () => {
    expect(redactionLine("My floor is 31.5.", 0)).toBe(redactionLine("My floor is 31.5.", 0));
    const picks = new Set(["a", "b", "c", "d", "e", "f", "g", "h"].map((t) => redactionLine(t, 0)));
    expect(picks.size).toBeGreaterThan(1);
  });
});
