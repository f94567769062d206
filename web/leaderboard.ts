/// <reference lib="dom" />
import type { PublicRatingsReply } from "../src/wire/exchange";
import { ApiError, api, call, type LeaderboardQuery } from "./api";
import { byId, setMarkup, showIf } from "./dom";
import { filterOptions, renderLeaderboard } from "./leaderboard-view";
import { ratingsHtml } from "./ratings-view";

const el = {
  form: byId("filters", HTMLFormElement),
  task: byId("f-task", HTMLSelectElement),
  seller: byId("f-seller", HTMLSelectElement),
  engine: byId("f-engine", HTMLSelectElement),
  error: byId("board-error", HTMLParagraphElement),
  status: byId("board-status", HTMLParagraphElement),
  board: byId("board", HTMLDivElement),
  tabEval: byId("tab-eval", HTMLButtonElement),
  tabMarkets: byId("tab-markets", HTMLButtonElement),
  panelEval: byId("panel-eval", HTMLDivElement),
  panelMarkets: byId("panel-markets", HTMLElement),
  marketsStatus: byId("markets-status", HTMLParagraphElement),
  marketRatings: byId("market-ratings", HTMLDivElement),
};

/** The markets tab: the exchange's public ratings (GET /markets/ratings), fetched when shown. */
async function showMarkets(): Promise<void> {
  el.marketsStatus.textContent = "Loading…";
  try {
    setMarkup(el.marketRatings, ratingsHtml(await call<PublicRatingsReply>("GET", "/markets/ratings")));
    el.marketsStatus.textContent = "";
  } catch (err) {
    el.marketsStatus.textContent = err instanceof ApiError ? err.message : "Could not load the ratings.";
  }
}

/** The tab in the address (#markets), so the markets board can be shared as a link. */
function selectTab(markets: boolean): void {
  el.tabEval.setAttribute("aria-selected", String(!markets));
  el.tabMarkets.setAttribute("aria-selected", String(markets));
  showIf(el.panelEval, !markets);
  showIf(el.panelMarkets, markets);
  if (markets) void showMarkets();
}
el.tabEval.addEventListener("click", () => {
  history.replaceState(null, "", `${location.pathname}${location.search}`);
  selectTab(false);
});
el.tabMarkets.addEventListener("click", () => {
  history.replaceState(null, "", "#markets");
  selectTab(true);
});

/** Filters live in the address, so a filtered board can be shared as a link. */
function fromAddress(): LeaderboardQuery {
  const p = new URLSearchParams(location.search);
  const pick = (k: string) => p.get(k) || undefined;
  return { task: pick("task"), seller: pick("seller"), engine: pick("engine") };
}

async function show(filters: LeaderboardQuery): Promise<void> {
  showIf(el.error, false);
  el.status.textContent = "Loading…";
  try {
    const v = await api.leaderboard(filters);
    setMarkup(el.task, filterOptions(v.available.tasks, filters.task, "any task"));
    setMarkup(el.seller, filterOptions(v.available.sellers, filters.seller, "any seller"));
    setMarkup(el.engine, filterOptions(v.available.engines, filters.engine, "any engine"));
    setMarkup(el.board, renderLeaderboard(v));
    const rows = v.per_task.length + v.overall.length;
    el.status.textContent = `${rows} row${rows === 1 ? "" : "s"} from ${v.runs_considered} finished run${v.runs_considered === 1 ? "" : "s"}.`;
  } catch (err) {
    el.status.textContent = "";
    el.error.textContent = err instanceof ApiError ? err.message : "Something went wrong in the browser.";
    showIf(el.error, true);
  }
}

el.form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  const filters: LeaderboardQuery = {
    task: el.task.value || undefined,
    seller: el.seller.value || undefined,
    engine: el.engine.value || undefined,
  };
  const query = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  history.replaceState(null, "", query === "" ? location.pathname : `?${query}`);
  void show(filters);
});

void show(fromAddress());
selectTab(location.hash === "#markets");
