/// <reference lib="dom" />

import type { StepRequest } from "../src/wire/step";
import {
  ApiError,
  api,
  type BackendInfo,
  type PublicState,
  type ScoreResponse,
  type SellerInfo,
  type TaskInfo,
} from "./api";
import { dealSummary, handoverNotice } from "./career-view";
import { renderPriceChart, seriesFromDialogue } from "./chart";
import { renderDialogue, renderNotice } from "./chat-view";
import type { CueMark } from "./cue-spans";
import { attachCueTooltips } from "./cue-tooltip";
import { byId, setMarkup, showIf } from "./dom";
import { escapeHtml } from "./html";
import { rememberLive } from "./live-sessions";
import { rupees } from "./money";
import { offerProblem } from "./offer-check";
import { outcomeWords } from "./outcome-words";
import { advance, canMove, INITIAL, type PlayEvent, type PlayState } from "./play-machine";
import { sellerMenuOptions } from "./seller-menu";
import { findMenuTask, taskMenuOptions, taskValue } from "./task-menu";
import { renderTells } from "./tells-view";
import { verdict } from "./verdict";

const el = {
  setup: byId("setup", HTMLElement),
  setupForm: byId("setup-form", HTMLFormElement),
  task: byId("task", HTMLSelectElement),
  taskAbout: byId("task-about", HTMLParagraphElement),
  seller: byId("seller", HTMLSelectElement),
  seed: byId("seed", HTMLInputElement),
  start: byId("start", HTMLButtonElement),
  setupError: byId("setup-error", HTMLParagraphElement),
  game: byId("game", HTMLElement),
  itemTitle: byId("item-title", HTMLHeadingElement),
  facts: byId("facts", HTMLElement),
  chat: byId("chat", HTMLOListElement),
  moveForm: byId("move-form", HTMLFormElement),
  message: byId("message", HTMLInputElement),
  price: byId("price", HTMLInputElement),
  offer: byId("offer", HTMLButtonElement),
  accept: byId("accept", HTMLButtonElement),
  walk: byId("walk", HTMLButtonElement),
  moveError: byId("move-error", HTMLParagraphElement),
  tells: byId("tells", HTMLDivElement),
  chart: byId("chart", HTMLDivElement),
  result: byId("result", HTMLElement),
  resultTitle: byId("result-title", HTMLHeadingElement),
  resultDetail: byId("result-detail", HTMLParagraphElement),
  resultFacts: byId("result-facts", HTMLElement),
  again: byId("again", HTMLButtonElement),
  change: byId("change", HTMLButtonElement),
  replayLink: byId("replay-link", HTMLAnchorElement),
  followLink: byId("follow-link", HTMLAnchorElement),
  dealsBox: byId("deals-box", HTMLElement),
  deals: byId("deals", HTMLOListElement),
};

let state: PlayState = INITIAL;
let tasks: TaskInfo[] = [];
/** Seller economics and the grade, fetched once the run is over. */
let revealed: { state: PublicState; score: ScoreResponse } | null = null;
const cues = new Map<string, CueMark[]>();

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : "Something went wrong in the browser; try reloading the page.";

function dispatch(e: PlayEvent): void {
  state = advance(state, e);
  render();
}

function facts(rows: ReadonlyArray<[string, string]>): string {
  return rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join("");
}

function renderFacts(): void {
  const o = state.obs;
  if (o === null) return;
  const name = o.item_name.charAt(0).toUpperCase() + o.item_name.slice(1);
  el.itemTitle.textContent =
    o.total_episodes > 1 ? `${name} · deal ${o.episode_number} of ${o.total_episodes}` : name;
  const rows: Array<[string, string]> = [
    ["Asking", rupees(o.seller_asking_price)],
    ["Their price now", o.opponent_last_offer === null ? "—" : rupees(o.opponent_last_offer)],
    ["Your budget", rupees(o.own_private_budget)],
    ["Rounds left", `${o.rounds_remaining} of ${o.max_rounds}`],
  ];
  if (o.own_private_deadline !== null)
    rows.push(["Your deadline", `close by round ${o.own_private_deadline}`]);
  if (o.seller_personality !== null)
    rows.push(["Seller's manner", o.seller_personality.replace(/[_-]/g, " ")]);
  setMarkup(el.facts, facts(rows));
}

function renderChat(): void {
  const o = state.obs;
  if (o === null) return;
  const notice = o.notice === null ? "" : renderNotice(o.notice);
  // In a career, the deal just closed heads the next one's conversation.
  const closed = state.records.at(-1);
  const handover =
    closed !== undefined && closed.episode < o.episode_number
      ? renderNotice(handoverNotice(closed, o.episode_number, o.total_episodes), "handover")
      : "";
  setMarkup(el.chat, handover + renderDialogue(o.dialogue, cues) + notice);
  // The newest turn in view inside the chat's own box, without moving the page.
  el.chat.scrollTop = el.chat.scrollHeight;
}

function renderChart(): void {
  const o = state.obs;
  if (o === null) return;
  const { sellerAsks, buyerOffers } = seriesFromDialogue(o.dialogue);
  const acceptTurn = o.dialogue.find((t) => t.action === "accept");
  const deal =
    o.agreed_price === null ? null : { round: acceptTurn?.round ?? o.current_round, price: o.agreed_price };
  const hidden = revealed?.state.hidden ?? null;
  setMarkup(
    el.chart,
    renderPriceChart({
      id: "play-chart",
      maxRounds: o.max_rounds,
      budget: o.own_private_budget,
      sellerAsks,
      buyerOffers,
      deal,
      hidden: hidden === null ? null : { cost: hidden.seller_cost, reservation: hidden.reservation },
    }),
  );
}

function renderResult(): void {
  const o = state.obs;
  const finished = state.phase === "finished" && o !== null && o.deal_outcome !== null;
  showIf(el.result, finished);
  if (!finished || o === null || o.deal_outcome === null) return;
  const hidden = revealed?.state.hidden ?? null;
  const walker = [...o.dialogue].reverse().find((t) => t.action === "walk")?.speaker;
  const v = verdict({
    outcome: o.deal_outcome,
    agreedPrice: o.agreed_price,
    budget: o.own_private_budget,
    cost: hidden?.seller_cost ?? null,
    reservation: hidden?.reservation ?? null,
    ...(walker === undefined ? {} : { walkedBy: walker }),
  });
  el.resultTitle.textContent = v.headline;
  el.resultDetail.textContent = revealed === null ? "Lifting the cloth on the seller's numbers…" : v.detail;
  const score = revealed?.score;
  const rows: Array<[string, string]> = [
    ["Outcome", outcomeWords(o.deal_outcome)],
    ["Agreed price", o.agreed_price === null ? "—" : rupees(o.agreed_price)],
    ["Reward", state.lastReward === null ? "—" : state.lastReward.toFixed(3)],
  ];
  if (state.records.length > 1) rows.push(["Reward over the run", state.totalReward.toFixed(3)]);
  if (hidden !== null) {
    rows.push(["Seller's floor", rupees(hidden.reservation)], ["Seller's cost", rupees(hidden.seller_cost)]);
  }
  if (score !== undefined) {
    rows.push([
      "Score",
      `${score.score.toFixed(3)} (${score.success ? "passes" : "below"} this stall's bar)`,
    ]);
  }
  setMarkup(el.resultFacts, facts(rows));
  el.replayLink.href = `/web/replay?episode=${encodeURIComponent(state.episodeId ?? "")}`;
}

function renderDeals(): void {
  const many = (state.obs?.total_episodes ?? 1) > 1 && state.records.length > 0;
  showIf(el.dealsBox, many);
  if (!many) return;
  const items = state.records.map((r, i) => {
    const id = state.episodeIds[i];
    const link =
      id === undefined ? "" : ` <a href="/web/replay?episode=${encodeURIComponent(id)}">replay</a>`;
    return `<li>${escapeHtml(`Deal ${r.episode}: ${dealSummary(r)} (cost to them ${rupees(r.seller_cost)})`)}${link}</li>`;
  });
  setMarkup(el.deals, items.join(""));
}

function render(): void {
  const inGame = state.phase !== "setup" && state.phase !== "starting";
  showIf(el.setup, !inGame);
  showIf(el.game, inGame);
  el.start.disabled = state.phase === "starting";
  el.start.textContent = state.phase === "starting" ? "Opening the stall…" : "Open the stall";
  el.setupError.textContent = state.phase === "setup" ? (state.error ?? "") : "";
  showIf(el.setupError, state.phase === "setup" && state.error !== null);
  if (!inGame) return;

  const over = state.phase === "finished";
  if (state.episodeId !== null && state.sessionId !== null) {
    // The replay page reads a live episode only with its session: it finds it here, never in the link.
    rememberLive(state.episodeId, state.sessionId);
    el.followLink.href = `/web/replay?episode=${encodeURIComponent(state.episodeId)}`;
  }
  for (const b of [el.offer, el.accept, el.walk]) b.disabled = over;
  el.price.disabled = over;
  el.message.disabled = over;
  el.moveForm.setAttribute("aria-busy", String(state.phase === "sending"));
  const ask = state.obs?.opponent_last_offer ?? null;
  // The budget is the most an offer can be; the browser flags anything above it.
  if (state.obs !== null) el.price.max = String(state.obs.own_private_budget);
  el.accept.textContent = ask === null ? "Accept" : `Accept ${rupees(ask)}`;
  el.moveError.textContent = state.error ?? "";
  showIf(el.moveError, state.error !== null);
  showIf(el.moveForm, !over);

  renderFacts();
  renderChat();
  renderChart();
  setMarkup(el.tells, renderTells(state.tells));
  renderResult();
  renderDeals();
}

/** Fetches highlights for seller lines not seen before, then redraws the chat with them. */
async function loadCues(): Promise<void> {
  const lines = (state.obs?.dialogue ?? []).filter(
    (t) => t.speaker === "seller" && t.message !== "" && !cues.has(t.message),
  );
  if (lines.length === 0) return;
  const got = await Promise.all(
    lines.map((t) =>
      api
        .highlight(t.message)
        .then((r) => [t.message, r.spans] as const)
        .catch(() => null),
    ),
  );
  for (const g of got) if (g !== null) cues.set(g[0], g[1]);
  renderChat();
}

function setupRequest() {
  const seed = el.seed.value.trim();
  return {
    task: el.task.value,
    ...(el.seller.value === "" ? {} : { seller: el.seller.value }),
    ...(seed === "" ? {} : { seed: Number(seed) }),
    // The whole conversation, so the chat and the chart can show every round.
    options: { history_window: 64 },
  };
}

async function start(): Promise<void> {
  dispatch({ type: "start" });
  if (state.phase !== "starting") return;
  revealed = null;
  try {
    dispatch({ type: "reset_ok", res: await api.reset(setupRequest()) });
    el.price.value = "";
    el.message.value = "";
    el.price.focus();
    await loadCues();
  } catch (err) {
    dispatch({ type: "failed", message: messageOf(err) });
  }
}

async function reveal(sessionId: string): Promise<void> {
  try {
    const [st, score] = await Promise.all([api.state(sessionId), api.score(sessionId)]);
    revealed = { state: st, score };
    render();
  } catch (err) {
    dispatch({ type: "failed", message: messageOf(err) });
  }
}

async function move(action: StepRequest["action"]): Promise<void> {
  const sessionId = state.sessionId;
  if (!canMove(state) || sessionId === null) return;
  dispatch({ type: "send" });
  try {
    const res = await api.step({ session_id: sessionId, action });
    dispatch({ type: "step_ok", res });
    el.message.value = "";
    void loadCues();
    if (res.done) {
      await reveal(sessionId);
      el.result.focus();
    }
  } catch (err) {
    dispatch({ type: "failed", message: messageOf(err) });
  }
}

function words(): { message?: string } {
  const m = el.message.value.trim();
  return m === "" ? {} : { message: m };
}

el.setupForm.addEventListener("submit", (ev) => {
  ev.preventDefault();
  void start();
});

el.moveForm.addEventListener("submit", (ev) => {
  ev.preventDefault();
  const price = el.price.valueAsNumber;
  const o = state.obs;
  const problem = o === null ? null : offerProblem(price, o.own_private_budget, o.opponent_last_offer);
  if (problem !== null) {
    state = { ...state, error: problem };
    render();
    el.price.focus();
    return;
  }
  void move({ type: "offer", price, ...words() });
});
el.accept.addEventListener("click", () => void move({ type: "accept", ...words() }));
el.walk.addEventListener("click", () => void move({ type: "walk", ...words() }));
el.again.addEventListener("click", () => void start());
el.change.addEventListener("click", () => {
  state = INITIAL;
  revealed = null;
  render();
  el.task.focus();
});

function fillSellers(sellers: readonly SellerInfo[], backends: readonly BackendInfo[]): void {
  setMarkup(
    el.seller,
    `<option value="">The stall's usual seller</option>${sellerMenuOptions(sellers, backends)}`,
  );
}

function describeTask(): void {
  const t = findMenuTask(tasks, el.task.value);
  if (t === undefined) return;
  el.taskAbout.textContent = `${t.description} (${t.difficulty}; ${t.rounds_per_episode} rounds${t.total_episodes > 1 ? `, ${t.total_episodes} deals` : ""})`;
  const usual = el.seller.options[0];
  if (usual) usual.textContent = `The stall's usual seller (${t.seller})`;
}

el.task.addEventListener("change", describeTask);

async function boot(): Promise<void> {
  render();
  try {
    // A failed health probe only costs the LLM entries, never the page.
    const [t, s, b] = await Promise.all([api.tasks(), api.sellers(), api.backends().catch(() => [])]);
    tasks = t;
    setMarkup(el.task, taskMenuOptions(t));
    fillSellers(s, b);
    const wanted = new URLSearchParams(location.search).get("task");
    const linked = wanted === null ? undefined : findMenuTask(t, wanted);
    if (linked !== undefined) el.task.value = taskValue(linked);
    describeTask();
  } catch (err) {
    state = { ...state, error: messageOf(err) };
    render();
  }
}

attachCueTooltips(el.chat);
void boot();
