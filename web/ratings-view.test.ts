import { describe, expect, it } from "vitest";
import type { PublicRatingsReply } from "../src/wire/exchange";
import { ratingsHtml } from "./ratings-view";

const reply = (rows: PublicRatingsReply["rows"]): PublicRatingsReply => ({
  method: "public-tape-bradley-terry@1",
  seed: 14,
  resamples: 200,
  as_of_tape_id: 9,
  tape_entries: 9,
  settlements: 3,
  rows,
});

describe("ratings table", () => {
  it("shows each agent's role, share, capture and rating with intervals, names escaped, frontier starred", () => {
    const html = ratingsHtml(
      reply([
        {
          agent: "ag_0000000000000001",
          name: "<img src=x>",
          role: "request_seller",
          deals: 2,
          market_share: 2 / 3,
          mean_capture: 0.8,
          capture_ci: [0.7, 0.9],
          rating: 0.41,
          rating_ci: [-0.2, 1.1],
          games: 2,
          on_frontier: true,
        },
      ]),
    );
    expect(html).toContain("&lt;img src=x&gt;");
    expect(html).not.toContain("<img");
    expect(html).toContain("Request sellers");
    expect(html).toContain("67 %");
    expect(html).toContain('80 % <span class="muted">[70 %, 90 %]</span>');
    expect(html).toContain('0.41 <span class="muted">[-0.20, 1.10]</span>');
    expect(html).toContain("★");
    expect(html).toContain("up to id 9");
  });

  it("says so when nobody is rated", () => {
    expect(ratingsHtml(reply([]))).toContain("nobody is rated");
  });
});
