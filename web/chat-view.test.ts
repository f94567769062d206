import { describe, expect, it } from "vitest";
import type { DialogueTurn } from "../src/wire/env-types";
import { moveWords, renderDialogue, renderNotice } from "./chat-view";

const turn = (t: Partial<DialogueTurn>): DialogueTurn => ({
  round: 1,
  speaker: "seller",
  action: "counter",
  price: 50,
  message: "",
  ...t,
});

describe("moveWords", () => {
  it("agrees with the speaker", () => {
    expect(moveWords(turn({ round: 0, action: "open", price: 800 }))).toBe("asks ₹800");
    expect(moveWords(turn({ speaker: "buyer", action: "offer", price: 500.5 }))).toBe("offer ₹500.50");
    expect(moveWords(turn({ price: 640 }))).toBe("comes back with ₹640");
    expect(moveWords(turn({ speaker: "buyer", action: "accept", price: null }))).toBe("accept");
    expect(moveWords(turn({ action: "accept", price: 600 }))).toBe("accepts at ₹600");
    expect(moveWords(turn({ action: "walk", price: null }))).toBe("walks away");
    expect(moveWords(turn({ speaker: "buyer", action: "walk", price: null }))).toBe("walk away");
  });
});

describe("renderDialogue", () => {
  it("escapes what the buyer typed and highlights the seller's cues", () => {
    const html = renderDialogue(
      [
        turn({ speaker: "buyer", action: "offer", price: 10, message: "<script>steal()</script>" }),
        turn({ message: "Decide fast <now>" }),
      ],
      new Map([["Decide fast <now>", [{ start: 0, end: 11, signal: "urgency", explanation: "hurry" }]]]),
    );
    expect(html).toContain("&lt;script&gt;steal()&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain('<mark class="cue cue-urgency"');
    expect(html).toContain("Decide fast</mark> &lt;now&gt;");
    expect(html.match(/<li class="turn turn-(buyer|seller)">/g)).toHaveLength(2);
  });

  it("leaves out the words line for a silent move", () => {
    const html = renderDialogue([turn({ speaker: "buyer", action: "accept", price: null })], new Map());
    expect(html).not.toContain('class="said"');
    expect(html).toContain('<span class="who">You</span> accept');
  });

  it("escapes market notices", () => {
    expect(renderNotice("Deal <closed>")).toContain("Deal &lt;closed&gt;");
  });
});
