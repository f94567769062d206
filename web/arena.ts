/// <reference lib="dom" />
import type { PublicRatingsReply, StreamTicketReply } from "../src/wire/exchange";
import { call } from "./api";
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
    // Through the API client: on a server with API keys it asks for one, once per tab.
    const [pnl, rec, rated] = await Promise.all([
      call<{ agents: LeaderRow[] }>("GET", "/ledger/pnl"),
      call<{ balanced: boolean; entries: number }>("GET", "/ledger/reconcile"),
      call<PublicRatingsReply>("GET", "/markets/ratings"),
    ]);
    setMarkup(leaders, leaderboardHtml(pnl.agents));
    setMarkup(ratings, ratingsHtml(rated));
    // The server recomputes ratings every few seconds: until they rate the tape the page has, ask again.
    if (rated.as_of_tape_id < state.lastId) boardDue = true;
    names = new Map(
      pnl.agents.flatMap((a) => (a.name === null ? [] : [[a.agent_id, a.name] as [string, string]])),
    );
    ledger.textContent = `Ledger: ${rec.entries} entries, ${rec.balanced ? "balanced (postings sum to zero)" : "NOT balanced"}.`;
  } catch {
    boardDue = true;
  }
}

/**
 * EventSource cannot send Authorization, so on a server with API keys the page asks for a
 * short-lived read-only ticket (POST /markets/stream/ticket, with the key) and passes it in
 * the address; an open server hands one out too, and ignores it. EventSource reconnects by
 * itself with Last-Event-ID; once the ticket has expired that reconnect is refused and the
 * stream closes, so the page asks for a new ticket and resumes after the last row it has.
 */
async function openTape(): Promise<void> {
  let ticket = "";
  try {
    ticket = (await call<StreamTicketReply>("POST", "/markets/stream/ticket")).ticket;
  } catch {
    connection.textContent = "Could not get a stream ticket; retrying…";
    setTimeout(() => void openTape(), 3000);
    return;
  }
  const tape = new EventSource(`/markets/stream?after=${state.lastId}&ticket=${encodeURIComponent(ticket)}`);
  tape.addEventListener("open", () => {
    connection.textContent = "Live: following the tape.";
  });
  tape.addEventListener("error", () => {
    connection.textContent = "Connection lost; reconnecting…";
    if (tape.readyState === EventSource.CLOSED) setTimeout(() => void openTape(), 1000);
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
}

void openTape();
render();
void refreshBoard();
// Countdowns tick; a board fetch that failed is retried.
setInterval(() => {
  render();
  void refreshBoard();
}, 1000);
