/// <reference lib="dom" />
import type { PublicRatingsReply } from "../src/wire/exchange";
import { ApiError, api, call, type LeaderboardQuery } from "./api";
import { byId, setMarkup, showIf } from "./dom";
import { filterOptions, renderLeaderboard } from "./leaderboard-view";
import { ratingsHtml } from "./ratings-view";
import { renderSellerLeaderboard } from "./seller-board-view";

const el = {
  form: byId("filters", HTMLFormElement),
  task: byId("f-task", HTMLSelectElement),
  seller: byId("f-seller", HTMLSelectElement),
  sellerLabel: byId("f-seller-label", HTMLLabelElement),
  roleBuyer: byId("role-buyer", HTMLAnchorElement),
  roleSeller: byId("role-seller", HTMLAnchorElement),
  explainSeller: byId("explain-seller", HTMLParagraphElement),
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

/**
 * Whose board, from the address (?role=seller): the Buyers | Sellers switch is two plain links,
 * so the role is shareable and the keyboard reaches it as it reaches any link. On the seller
 * board the second filter is the buyer sold to.
 */
const sellers = new URLSearchParams(location.search).get("role") === "seller";
if (sellers) {
  el.roleBuyer.removeAttribute("aria-current");
  el.roleSeller.setAttribute("aria-current", "page");
  el.sellerLabel.textContent = "Buyer";
  el.seller.name = "buyer";
  showIf(el.explainSeller, true);
}

/** Filters live in the address, so a filtered board can be shared as a link. */
function fromAddress(): LeaderboardQuery & { buyer?: string | undefined } {
  const p = new URLSearchParams(location.search);
  const pick = (k: string) => p.get(k) || undefined;
  return { task: pick("task"), seller: pick("seller"), buyer: pick("buyer"), engine: pick("engine") };
}

/** Loads the board the address names and fills the filters; gives its row and run counts. */
async function load(filters: ReturnType<typeof fromAddress>): Promise<{ rows: number; runs: number }> {
  if (sellers) {
    const v = await api.sellerLeaderboard({
      task: filters.task,
      buyer: filters.buyer,
      engine: filters.engine,
    });
    setMarkup(el.task, filterOptions(v.available.tasks, filters.task, "any task"));
    setMarkup(el.seller, filterOptions(v.available.buyers, filters.buyer, "any buyer"));
    setMarkup(el.engine, filterOptions(v.available.engines, filters.engine, "any engine"));
    setMarkup(el.board, renderSellerLeaderboard(v));
    return { rows: v.per_task.length + v.overall.length, runs: v.runs_considered };
  }
  const v = await api.leaderboard({ task: filters.task, seller: filters.seller, engine: filters.engine });
  setMarkup(el.task, filterOptions(v.available.tasks, filters.task, "any task"));
  setMarkup(el.seller, filterOptions(v.available.sellers, filters.seller, "any seller"));
  setMarkup(el.engine, filterOptions(v.available.engines, filters.engine, "any engine"));
  setMarkup(el.board, renderLeaderboard(v));
  return { rows: v.per_task.length + v.overall.length, runs: v.runs_considered };
}

async function show(filters: ReturnType<typeof fromAddress>): Promise<void> {
  showIf(el.error, false);
  el.status.textContent = "Loading…";
  try {
    const { rows, runs } = await load(filters);
    el.status.textContent = `${rows} row${rows === 1 ? "" : "s"} from ${runs} finished ${sellers ? "seller " : ""}run${runs === 1 ? "" : "s"}.`;
  } catch (err) {
    el.status.textContent = "";
    el.error.textContent = err instanceof ApiError ? err.message : "Something went wrong in the browser.";
    showIf(el.error, true);
  }
}

el.form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  const filters = {
    ...(sellers ? { role: "seller" } : {}),
    task: el.task.value || undefined,
    [sellers ? "buyer" : "seller"]: el.seller.value || undefined,
    engine: el.engine.value || undefined,
  };
  const query = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  history.replaceState(null, "", query === "" ? location.pathname : `?${query}`);
  void show(fromAddress());
});

void show(fromAddress());
selectTab(location.hash === "#markets");
