/// <reference lib="dom" />
import { type AnyEpisodeView, ApiError, api } from "./api";
import { renderPriceChart, seriesFromDialogue } from "./chart";
import { renderDialogue } from "./chat-view";
import { renderCounterfactual } from "./counterfactual-view";
import { loadCues } from "./cue-cache";
import type { CueMark } from "./cue-spans";
import { attachCueTooltips } from "./cue-tooltip";
import { byId, setMarkup, showIf } from "./dom";
import { escapeHtml } from "./html";
import { forgetLive, liveSessionFor } from "./live-sessions";
import { renderRecentList } from "./recent-list";
import { buyerFacts, sellerFacts } from "./replay-facts";
import { type ReplayModel, replayModel } from "./replay-model";
import { type Chair, pricedMove, WHATIF_COPY, whatIfBody } from "./replay-whatif";
import { sellerReplayModel } from "./seller-replay-model";
import { renderTells } from "./tells-view";

const el = {
  loadForm: byId("load-form", HTMLFormElement),
  episodeId: byId("episode-id", HTMLInputElement),
  loadError: byId("load-error", HTMLParagraphElement),
  replay: byId("replay", HTMLElement),
  title: byId("replay-title", HTMLHeadingElement),
  facts: byId("replay-facts", HTMLElement),
  prev: byId("prev", HTMLButtonElement),
  next: byId("next", HTMLButtonElement),
  slider: byId("round-slider", HTMLInputElement),
  roundLabel: byId("round-label", HTMLParagraphElement),
  chat: byId("replay-chat", HTMLOListElement),
  chart: byId("replay-chart", HTMLDivElement),
  tells: byId("replay-tells", HTMLDivElement),
  cfSection: byId("cf-section", HTMLElement),
  cfHint: byId("cf-hint", HTMLParagraphElement),
  cfMessageLabel: byId("cf-message-label", HTMLSpanElement),
  cfForm: byId("cf-form", HTMLFormElement),
  cfRound: byId("cf-round", HTMLSelectElement),
  cfAction: byId("cf-action", HTMLSelectElement),
  cfPrice: byId("cf-price", HTMLInputElement),
  cfContinuation: byId("cf-continuation", HTMLSelectElement),
  cfMessage: byId("cf-message", HTMLInputElement),
  cfError: byId("cf-error", HTMLParagraphElement),
  cfResult: byId("cf-result", HTMLDivElement),
  live: byId("live-note", HTMLParagraphElement),
  budgetKey: byId("legend-budget", HTMLSpanElement),
};

let view: AnyEpisodeView | null = null;
/** Whose chair the episode is drawn from: the agent's (the buyer, or the seller in the seller role). */
let chair: Chair = "buyer";
let model: ReplayModel | null = null;
let at = 0;
const cues = new Map<string, CueMark[]>();

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : "Something went wrong in the browser.";

function showError(target: HTMLParagraphElement, message: string | null): void {
  target.textContent = message ?? "";
  showIf(target, message !== null);
}

function renderFrame(): void {
  if (model === null || view === null) return;
  const last = model.frames.length - 1;
  at = Math.min(Math.max(0, at), last);
  const frame = model.frames[at];
  if (frame === undefined) return;
  el.slider.value = String(at);
  el.prev.disabled = at === 0;
  el.next.disabled = at === last;
  el.roundLabel.textContent = at === 0 ? `The opening (of ${last} rounds played)` : `Round ${at} of ${last}`;
  setMarkup(el.chat, renderDialogue(frame.dialogue, cues, chair === "seller" ? "Buyer" : "You"));
  // The frame's newest turn is the one that matters: keep it in view inside the chat's box.
  el.chat.scrollTop = el.chat.scrollHeight;
  const { sellerAsks, buyerOffers } = seriesFromDialogue(frame.dialogue);
  const end = at === last;
  setMarkup(
    el.chart,
    renderPriceChart({
      id: "replay-chart-svg",
      maxRounds: model.maxRounds,
      budget: model.budget,
      you: chair,
      sellerAsks,
      buyerOffers,
      deal: end ? model.deal : null,
      // From the seller's chair its own cost and floor are no secret; from the buyer's, only at the end.
      hidden: end || chair === "seller" ? model.hidden : null,
    }),
  );
  // The budget's legend entry only where the chart draws the line (a live sale does not know it).
  showIf(el.budgetKey, model.budget !== null);
  setMarkup(
    el.tells,
    chair === "seller" && frame.tells === null && view.events === null
      ? '<p class="hint">How the seller\'s words read to the buyer is shown once the sale is over.</p>'
      : renderTells(frame.tells),
  );
}

function renderEpisode(): void {
  if (model === null || view === null) return;
  el.title.textContent = model.itemName.charAt(0).toUpperCase() + model.itemName.slice(1) || "The haggle";
  const rows = "role" in view ? sellerFacts(view, sellerReplayModel(view)) : buyerFacts(view, model, evalRun);
  setMarkup(
    el.facts,
    rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join(""),
  );
  el.slider.max = String(model.frames.length - 1);
  setMarkup(el.cfRound, model.branchRounds.map((r) => `<option value="${r}">round ${r}</option>`).join(""));
  const copy = WHATIF_COPY[chair];
  el.cfHint.textContent = copy.hint;
  el.cfMessageLabel.textContent = copy.messageLabel;
  setMarkup(
    el.cfAction,
    copy.moves.map(([v, label]) => `<option value="${v}">${escapeHtml(label)}</option>`).join(""),
  );
  el.cfPrice.disabled = false;
  showIf(el.cfForm, model.branchRounds.length > 0);
  showIf(el.cfResult, false);
  showError(el.cfError, null);
  renderFrame();
}

/** An eval run's episode (linked from the leaderboard and reports) lives in the eval store. */
let evalRun: string | null = null;

/**
 * Following a live game polls GET /episodes/:id rather than streaming it: EventSource cannot
 * send the x-session-id header, and the session id must never ride in a URL. Polling stops
 * once the episode is over (or the session is gone).
 */
const FOLLOW_MS = 1500;
let follow: ReturnType<typeof setTimeout> | undefined;
let shown = "";

function liveNote(text: string | null): void {
  el.live.textContent = text ?? "";
  showIf(el.live, text !== null);
}

async function show(next: AnyEpisodeView, fresh: boolean): Promise<void> {
  const text = JSON.stringify(next);
  if (!fresh && text === shown) return;
  shown = text;
  // A person watching the newest round keeps watching the newest; one looking back stays put.
  const atEnd = fresh || model === null || at >= model.frames.length - 1;
  view = next;
  chair = "role" in next ? "seller" : "buyer";
  model = "role" in next ? sellerReplayModel(next) : replayModel(next);
  if (atEnd) at = model.frames.length - 1;
  // "What if?" branches finished episodes this server stored; an eval's are rebuilt on request.
  showIf(el.cfSection, evalRun === null && next.status !== "running");
  showIf(el.replay, true);
  renderEpisode();
  const sellerLines =
    model.frames
      .at(-1)
      ?.dialogue.filter((t) => t.speaker === "seller")
      .map((t) => t.message) ?? [];
  await loadCues(cues, sellerLines);
  renderFrame();
}

async function load(id: string, fresh = true): Promise<void> {
  clearTimeout(follow);
  if (fresh) showError(el.loadError, null);
  const session = evalRun === null ? liveSessionFor(id) : undefined;
  try {
    const next = evalRun === null ? await api.episode(id, session) : await api.evalEpisode(evalRun, id);
    await show(next, fresh);
    if (next.status === "running") {
      liveNote("Live: this game is still being played; the replay grows as it goes.");
      follow = setTimeout(() => void load(id, false), FOLLOW_MS);
    } else {
      liveNote(null);
      if (session !== undefined && next.visibility === "full") forgetLive(id);
    }
  } catch (err) {
    if (fresh) {
      showIf(el.replay, false);
      showError(el.loadError, messageOf(err));
    } else {
      liveNote(`Stopped following: ${messageOf(err)}`);
    }
  }
}

el.loadForm.addEventListener("submit", (ev) => {
  ev.preventDefault();
  const id = el.episodeId.value.trim();
  if (id === "") return;
  evalRun = null;
  history.replaceState(null, "", `?episode=${encodeURIComponent(id)}`);
  void load(id);
});
el.prev.addEventListener("click", () => {
  at -= 1;
  renderFrame();
});
el.next.addEventListener("click", () => {
  at += 1;
  renderFrame();
});
el.slider.addEventListener("input", () => {
  at = Number(el.slider.value);
  renderFrame();
});

el.cfAction.addEventListener("change", () => {
  el.cfPrice.disabled = !pricedMove(el.cfAction.value);
});

el.cfForm.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (view === null) return;
  const made = whatIfBody(chair, {
    round: Number(el.cfRound.value),
    move: el.cfAction.value,
    price: el.cfPrice.valueAsNumber,
    message: el.cfMessage.value,
    repeat: el.cfContinuation.value === "repeat",
  });
  if ("problem" in made) {
    showError(el.cfError, made.problem);
    el.cfPrice.focus();
    return;
  }
  showError(el.cfError, null);
  try {
    const result = await api.counterfactual(view.episode_id, made.body);
    await loadCues(
      cues,
      result.history.filter((t) => t.speaker === "seller").map((t) => t.message),
    );
    const buyerName = chair === "seller" ? "Buyer" : "You";
    setMarkup(
      el.cfResult,
      renderCounterfactual(result, model?.frames.at(-1)?.dialogue ?? [], cues, buyerName),
    );
    showIf(el.cfResult, true);
  } catch (err) {
    showError(el.cfError, messageOf(err));
  }
});

attachCueTooltips(el.replay);

const recentBox = byId("recent-list", HTMLDivElement);
api
  .recentEpisodes()
  .then((episodes) => setMarkup(recentBox, renderRecentList(episodes)))
  .catch((err: unknown) => setMarkup(recentBox, `<p class="error">${escapeHtml(messageOf(err))}</p>`));

const params = new URLSearchParams(location.search);
const wanted = params.get("episode");
evalRun = params.get("run") || null;
if (wanted !== null && wanted !== "") {
  el.episodeId.value = wanted;
  void load(wanted);
}
