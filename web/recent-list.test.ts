import { describe, expect, it } from "vitest";
import type { EpisodeListItem } from "./api";
import { renderRecentList } from "./recent-list";

const item = (over: Partial<EpisodeListItem> = {}): EpisodeListItem => ({
  episode_id: "ep_abc",
  task: "single_deal",
  task_version: "1",
  seller: { id: "bazaar-default", version: 1, hash: "h" },
  seed: 7,
  episode: 1,
  status: "finished",
  outcome: "deal",
  agreed_price: 42.5,
  branched_from: null,
  created_at: "2026-11-23T10:00:00.000Z",
  ...over,
});

describe("renderRecentList", () => {
  it("links each finished haggle to its replay and says how it ended", () => {
    const html = renderRecentList([
      item(),
      item({ episode_id: "ep_x y", outcome: "walk", agreed_price: null }),
    ]);
    expect(html).toContain('href="/web/replay?episode=ep_abc"');
    expect(html).toContain('href="/web/replay?episode=ep_x%20y"');
    expect(html).toContain("deal at ₹");
    expect(html).toContain("walked away");
    expect(html.match(/<li>/g)).toHaveLength(2);
  });

  it("escapes everything the server sends", () => {
    const html = renderRecentList([item({ task: "<script>", episode_id: '"><img>' })]);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('"><img>');
  });

  it("says how to make one when there is none", () => {
    expect(renderRecentList([])).toContain("No finished haggles yet");
  });
});
