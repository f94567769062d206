import { describe, expect, it } from "vitest";
import { placeTip } from "./tip-placement";

const viewport = { width: 390, height: 844 };
const tip = { width: 280, height: 60 };

describe("placeTip", () => {
  it("sits just under the cue when there is room", () => {
    expect(placeTip({ left: 20, top: 100, width: 50, height: 20 }, tip, viewport)).toEqual({
      left: 20,
      top: 126,
    });
  });

  it("flips above a cue near the bottom of the screen", () => {
    expect(placeTip({ left: 20, top: 800, width: 50, height: 20 }, tip, viewport)).toEqual({
      left: 20,
      top: 734,
    });
  });

  it("slides left to stay on a phone screen, and never off the left edge", () => {
    expect(placeTip({ left: 300, top: 100, width: 50, height: 20 }, tip, viewport).left).toBe(102);
    expect(placeTip({ left: -40, top: 100, width: 50, height: 20 }, tip, viewport).left).toBe(8);
  });
});
