import { describe, expect, it } from "vitest";
import {
  buyerMenuOptions,
  careerLine,
  counterProblem,
  endSummary,
  healthBadge,
  messageProblem,
  renderSellerChat,
} from "./sell-model";

const record = {
  outcome: "deal" as const,
  agreed_price: 80,
  ask_price: 100,
  reservation: 60,
  cost: 40,
  rounds_taken: 3,
  profit_over_reservation: 20,
  profit_share: 0.5,
  below_reservation: false,
  bonus: 2,
  reward: 0.5,
  score: 0.5,
};

describe("/web/sell page model", () => {
  it("says a career's progress from the server's records, and nothing on a single sale", () => {
    expect(careerLine({})).toBeNull();
    expect(careerLine({ career: { episode_number: 1, total_episodes: 5, past: [] } })).toBe(
      "Deal 1 of 5 with the same buyer, who remembers how fast you came down.",
    );
    const sold = {
      outcome: "deal" as const,
      agreed_price: 52.73,
      ask_price: 80,
      reservation: 40,
      cost: 30,
      rounds_taken: 4,
      profit_over_reservation: 12.73,
      profit_share: 0.32,
      below_reservation: false,
      bonus: 1,
      reward: 0.32,
      score: 0.32,
    };
    const walked = { ...sold, outcome: "walk" as const, agreed_price: null };
    expect(careerLine({ career: { episode_number: 3, total_episodes: 5, past: [sold, walked] } })).toMatch(
      /^Deal 3 of 5 .* So far: 1: sold at ₹52\.73; 2: no sale\.$/,
    );
  });

  it("bounds a counter: not above the last quote, not below zero, not at or under the buyer's offer", () => {
    expect(counterProblem(120, 100, 50)).toContain("can only come down");
    expect(counterProblem(-1, 100, 50)).toContain("zero or more");
    expect(counterProblem(Number.NaN, 100, 50)).toContain("Name your price");
    expect(counterProblem(50, 100, 50)).toContain("press Accept");
    expect(counterProblem(70, 100, 50)).toBeNull();
  });

  it("refuses a 5,000-character message in words before sending it", () => {
    expect(messageProblem("x".repeat(5000))).toContain("5,000");
    expect(messageProblem("short")).toBeNull();
  });

  it("renders what people type as text, never markup", () => {
    const html = renderSellerChat([
      {
        round: 1,
        speaker: "seller",
        action: "counter",
        price: 90,
        message: "<script>alert(1)</script><b>x</b>",
      },
    ]);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it("offers LLM buyers only when a backend is configured, and badges live vs fallback", () => {
    const code = [{ key: "rule-smart@1", description: "reads you" }];
    expect(buyerMenuOptions(code, [])).toContain("none configured");
    // /health names the backend by its LLM seller key (template v2); the buyer key is llm@1's.
    const live = { key: "llm-ollama:m@1", reachable: true, detail: "ok" };
    expect(buyerMenuOptions(code, [live])).toContain("llm-ollama:m@1 (live)");
    expect(healthBadge("rule-smart@1", [live], false)).toBeNull();
    expect(healthBadge("llm-ollama:m@1", [live], false)?.live).toBe(true);
    expect(healthBadge("llm-ollama:m@1", [live], true)?.live).toBe(false);
    expect(healthBadge("llm-ollama:m@1", [{ ...live, reachable: false }], false)?.text).toContain("Fallback");
  });

  it("the end screen reads the server's record: bonus, profit, a below-floor sale said plainly", () => {
    const s = endSummary(record, 130);
    expect(s.title).toBe("Sold at ₹80");
    expect(s.facts).toContainEqual(["Bonus", "₹2"]);
    expect(s.facts).toContainEqual(["The buyer's hidden budget", "₹130"]);
    const low = endSummary(
      { ...record, agreed_price: 50, profit_over_reservation: -10, below_reservation: true, bonus: 0 },
      null,
    );
    expect(low.detail).toContain("below your reservation, by ₹10");
    expect(endSummary({ ...record, outcome: "walk", agreed_price: null }, null).title).toBe("No sale");
  });
});
