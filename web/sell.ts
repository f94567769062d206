/// <reference lib="dom" />
import type { SellerAction, SellerObservation } from "../src/wire/env-types";
import { ApiError } from "./api";
import { renderCueText } from "./cue-spans";
import { attachCueTooltips } from "./cue-tooltip";
import { byId, setMarkup, showIf } from "./dom";
import { escapeHtml } from "./html";
import { rememberLive } from "./live-sessions";
import { rupees } from "./money";
import { type LlmBuyerHealth, type SellerStepResponse, sellApi } from "./sell-api";
import {
  briefFacts,
  buyerMenuOptions,
  careerLine,
  counterProblem,
  endSummary,
  healthBadge,
  messageProblem,
  newRequestId,
  renderSellerChat,
} from "./sell-model";

const el = {
  setup: byId("setup", HTMLElement),
  setupForm: byId("setup-form", HTMLFormElement),
  buyer: byId("buyer", HTMLSelectElement),
  buyerBadge: byId("buyer-badge", HTMLParagraphElement),
  task: byId("task", HTMLSelectElement),
  seed: byId("seed", HTMLInputElement),
  start: byId("start", HTMLButtonElement),
  setupError: byId("setup-error", HTMLParagraphElement),
  game: byId("game", HTMLElement),
  itemTitle: byId("item-title", HTMLHeadingElement),
  health: byId("health", HTMLParagraphElement),
  brief: byId("brief", HTMLElement),
  chat: byId("chat", HTMLOListElement),
  moveForm: byId("move-form", HTMLFormElement),
  message: byId("message", HTMLTextAreaElement),
  preview: byId("preview", HTMLParagraphElement),
  price: byId("price", HTMLInputElement),
  counter: byId("counter", HTMLButtonElement),
  accept: byId("accept", HTMLButtonElement),
  walk: byId("walk", HTMLButtonElement),
  moveError: byId("move-error", HTMLParagraphElement),
  result: byId("result", HTMLElement),
  resultTitle: byId("result-title", HTMLHeadingElement),
  resultDetail: byId("result-detail", HTMLParagraphElement),
  resultFacts: byId("result-facts", HTMLElement),
  again: byId("again", HTMLButtonElement),
  followLink: byId("follow-link", HTMLAnchorElement),
  replayLink: byId("sell-replay-link", HTMLAnchorElement),
};

let backends: LlmBuyerHealth[] = [];
let sessionId: string | null = null;
let obs: SellerObservation | null = null;
let fallbackSeen = false;
/** A move is on its way: further clicks are ignored until it is answered (and carry no second step). */
let busy = false;

function say(target: HTMLParagraphElement, text: string | null): void {
  target.textContent = text ?? "";
  showIf(target, text !== null);
}

function showBadge(target: HTMLParagraphElement, key: string): void {
  const badge = healthBadge(key, backends, fallbackSeen);
  target.textContent = badge?.text ?? "";
  target.dataset.live = badge === null ? "" : String(badge.live);
  showIf(target, badge !== null);
}

function setBusy(on: boolean): void {
  busy = on;
  const over = obs?.deal_outcome !== null;
  for (const b of [el.counter, el.accept, el.walk]) b.disabled = on || over;
  el.accept.disabled ||= obs?.buyer_last_offer === null;
}

function render(o: SellerObservation): void {
  obs = o;
  el.itemTitle.textContent = `Selling: ${o.brief.item_name}`;
  setMarkup(el.brief, briefFacts(o.brief));
  const notice = o.notice === null ? "" : `<li class="turn turn-notice"><p>${escapeHtml(o.notice)}</p></li>`;
  const career = careerLine(o);
  const progress = career === null ? "" : `<li class="turn turn-notice"><p>${escapeHtml(career)}</p></li>`;
  setMarkup(el.chat, progress + renderSellerChat(o.dialogue) + notice);
  el.chat.lastElementChild?.scrollIntoView({ block: "nearest" });
  el.price.max = String(o.own_last_quote);
  el.price.placeholder = `at most ${o.own_last_quote}`;
  el.accept.textContent =
    o.buyer_last_offer === null ? "Accept the offer" : `Accept ${rupees(o.buyer_last_offer)}`;
  showBadge(el.health, el.buyer.value);
  // Once the sale is over the move controls go away; the end screen takes their place.
  showIf(el.moveForm, o.deal_outcome === null);
}

async function finish(r: SellerStepResponse | null): Promise<void> {
  const record = r?.info.seller_result;
  if (sessionId === null || record === undefined) return;
  const state = await sellApi.state(sessionId).catch(() => null);
  const s = endSummary(record, state?.hidden?.buyer_budget ?? null);
  el.resultTitle.textContent = s.title;
  el.resultDetail.textContent = s.detail;
  setMarkup(
    el.resultFacts,
    s.facts.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join(""),
  );
  showIf(el.result, true);
  el.result.focus();
}

async function move(action: SellerAction): Promise<void> {
  if (busy || sessionId === null) return;
  say(el.moveError, null);
  const problem = messageProblem(action.message ?? "");
  if (problem !== null) return say(el.moveError, problem);
  setBusy(true);
  try {
    const r = await sellApi.step({ session_id: sessionId, action, request_id: newRequestId() });
    fallbackSeen ||= r.info.buyer_fallback;
    render(r.observation);
    el.message.value = "";
    el.preview.textContent = "";
    el.price.value = "";
    if (r.done) await finish(r);
  } catch (e) {
    say(el.moveError, e instanceof ApiError ? e.message : "Something went wrong; try again.");
  } finally {
    setBusy(false);
  }
}

el.moveForm.addEventListener("submit", (ev) => {
  ev.preventDefault();
  if (obs === null) return;
  const price = el.price.value.trim() === "" ? Number.NaN : Number(el.price.value);
  const problem = counterProblem(price, obs.own_last_quote, obs.buyer_last_offer);
  if (problem !== null) return say(el.moveError, problem);
  void move({ action_type: "counter", price, message: el.message.value });
});
el.accept.addEventListener("click", () => void move({ action_type: "accept", message: el.message.value }));
el.walk.addEventListener("click", () => void move({ action_type: "walk", message: el.message.value }));

// Live underline of the person's own words: debounced, and a late answer for older text is dropped.
let typing: ReturnType<typeof setTimeout> | undefined;
el.message.addEventListener("input", () => {
  clearTimeout(typing);
  const text = el.message.value;
  if (messageProblem(text) !== null) {
    say(el.moveError, messageProblem(text));
    return;
  }
  say(el.moveError, null);
  typing = setTimeout(async () => {
    if (text.trim() === "") return setMarkup(el.preview, "");
    const reading = await sellApi.highlight(text).catch(() => null);
    if (reading === null || el.message.value !== text) return;
    setMarkup(el.preview, renderCueText(text, reading.spans));
  }, 250);
});

el.setupForm.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  say(el.setupError, null);
  el.start.disabled = true;
  try {
    const seed = el.seed.value.trim() === "" ? undefined : Number(el.seed.value);
    const r = await sellApi.reset({
      role: "seller",
      task: el.task.value,
      buyer: el.buyer.value,
      ...(seed === undefined ? {} : { seed }),
      options: { history_window: 64 },
    });
    sessionId = r.session_id;
    fallbackSeen = r.info.buyer_fallback;
    // The replay page reads a live sale only with its session: it finds it here, never in the link.
    rememberLive(r.episode_id, r.session_id);
    const replay = `/web/replay?episode=${encodeURIComponent(r.episode_id)}`;
    el.followLink.href = replay;
    el.replayLink.href = replay;
    showIf(el.result, false);
    showIf(el.setup, false);
    showIf(el.game, true);
    render(r.observation);
    setBusy(false);
    if (r.done) await finish({ ...r, reward: 0 });
    else el.message.focus();
  } catch (e) {
    say(el.setupError, e instanceof ApiError ? e.message : "Could not open the stall.");
  } finally {
    el.start.disabled = false;
  }
});

el.again.addEventListener("click", () => {
  showIf(el.game, false);
  showIf(el.setup, true);
  el.buyer.focus();
});
el.buyer.addEventListener("change", () => showBadge(el.buyerBadge, el.buyer.value));

async function init(): Promise<void> {
  try {
    const [catalog, b] = await Promise.all([sellApi.catalog(), sellApi.llmBuyers().catch(() => [])]);
    backends = b;
    setMarkup(el.buyer, buyerMenuOptions(catalog.buyers, backends));
    setMarkup(
      el.task,
      catalog.tasks
        .map(
          (t) =>
            `<option value="${escapeHtml(t.id)}">${escapeHtml(`${t.id} (${t.difficulty}) — ${t.description}`)}</option>`,
        )
        .join(""),
    );
    showBadge(el.buyerBadge, el.buyer.value);
  } catch (e) {
    say(el.setupError, e instanceof ApiError ? e.message : "Could not load the market.");
  }
}

attachCueTooltips(el.preview);
void init();
