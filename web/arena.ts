/// <reference lib="dom" />
import type { PublicRatingsReply } from "../src/wire/exchange";
import {
  type ArenaState,
  applyRow,
  emptyArena,
  type LeaderRow,
  leaderboardHtml,
  marketsHtml,
  type TapeRow,
  totalsText,
} from "./arena-model";
import { byId, setMarkup } from "./dom";
import { ratingsHtml } from "./ratings-view";

/**
 * The arena: the public tape over SSE (EventSource reconnects by itself and resumes with
 * Last-Event-ID, so a dropped connection misses nothing), the cash leaderboard, the ledger
 * check and the public ratings, refreshed when something settles.
 */
const markets = byId("markets", HTMLOListElement);
const leaders = byId("leaders", HTMLTableSectionElement);
const connection = byId("connection", HTMLParagraphElement);
const totals = byId("totals", HTMLParagraphElement);
const ledger = byId("ledger", HTMLParagraphElement);
const ratings = byId("ratings", HTMLDivElement);

let state: ArenaState = emptyArena();
let boardDue = true;
let names = new Map<string, string>();

function render(): void {
  setMarkup(markets, marketsHtml(state, Date.now(), names));
  totals.textContent = totalsText(state);
}

async function refreshBoard(): Promise<void> {
  if (!boardDue) return;
  boardDue = false;
  try {
    const [pnl, rec, rated] = await Promise.all([
      fetch("/ledger/pnl").then((r) => r.json() as Promise<{ agents: LeaderRow[] }>),
      fetch("/ledger/reconcile").then((r) => r.json() as Promise<{ balanced: boolean; entries: number }>),
      fetch("/markets/ratings").then((r) => r.json() as Promise<PublicRatingsReply>),
    ]);
    setMarkup(leaders, leaderboardHtml(pnl.agents));
    setMarkup(ratings, ratingsHtml(rated));
    names = new Map(
      pnl.agents.flatMap((a) => (a.name === null ? [] : [[a.agent_id, a.name] as [string, string]])),
    );
    ledger.textContent = `Ledger: ${rec.entries} entries, ${rec.balanced ? "balanced (postings sum to zero)" : "NOT balanced"}.`;
  } catch {
    boardDue = true;
  }
}

const tape = new EventSource("/markets/stream");
tape.addEventListener("open", () => {
  connection.textContent = "Live: following the tape.";
});
tape.addEventListener("error", () => {
  connection.textContent = "Connection lost; reconnecting…";
});
tape.addEventListener("tape", (ev) => {
  const row = JSON.parse((ev as MessageEvent<string>).data) as TapeRow;
  state = applyRow(state, row);
  render();
  // A settlement changes the board: fetch it shortly after, once for a burst of them.
  if (row.entry.kind === "settled" && !boardDue) {
    boardDue = true;
    setTimeout(() => void refreshBoard().then(render), 250);
  }
});

render();
void refreshBoard();
// Countdowns tick; a board fetch that failed is retried.
setInterval(() => {
  render();
  void refreshBoard();
}, 1000);
