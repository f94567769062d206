/// <reference lib="dom" />
import { ApiError, api, type CounterfactualBody, type EpisodeView } from "./api";
import { renderPriceChart, seriesFromDialogue } from "./chart";
import { renderDialogue } from "./chat-view";
import { renderCounterfactual } from "./counterfactual-view";
import { loadCues } from "./cue-cache";
import type { CueMark } from "./cue-spans";
import { attachCueTooltips } from "./cue-tooltip";
import { byId, setMarkup, showIf } from "./dom";
import { escapeHtml } from "./html";
import { rupees } from "./money";
import { renderRecentList } from "./recent-list";
import { type ReplayModel, replayModel } from "./replay-model";
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
  cfForm: byId("cf-form", HTMLFormElement),
  cfRound: byId("cf-round", HTMLSelectElement),
  cfAction: byId("cf-action", HTMLSelectElement),
  cfPrice: byId("cf-price", HTMLInputElement),
  cfContinuation: byId("cf-continuation", HTMLSelectElement),
  cfMessage: byId("cf-message", HTMLInputElement),
  cfError: byId("cf-error", HTMLParagraphElement),
  cfResult: byId("cf-result", HTMLDivElement),
};

let view: EpisodeView | null = null;
let model: ReplayModel | null = null;
let at = 0;
const cues = new Map<string, CueMark[]>();

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : "Something went wrong in the browser.";

function showError(target: HTMLParagraphElement, message: string | null): void {
  target.textContent = message ?? "";
  showIf(target, message !== null);
}

function outcomeText(v: EpisodeView): string {
  const r = v.record;
  if (r === null) return "not finished yet";
  if (r.outcome === "deal" && r.agreed_price !== null) return `deal at ${rupees(r.agreed_price)}`;
  return r.outcome === "walk" ? "no deal (walked away)" : "no deal (time ran out)";
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
  setMarkup(el.chat, renderDialogue(frame.dialogue, cues));
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
      sellerAsks,
      buyerOffers,
      deal: end ? model.deal : null,
      hidden: end ? model.hidden : null,
    }),
  );
  setMarkup(el.tells, renderTells(frame.tells));
}

function renderEpisode(): void {
  if (model === null || view === null) return;
  el.title.textContent = model.itemName.charAt(0).toUpperCase() + model.itemName.slice(1) || "The haggle";
  const rows: Array<[string, string]> = [
    ["Stall", view.task.replace(/_/g, " ")],
    ["Seller", `${view.seller.id}@${view.seller.version}`],
    ["Seed", String(view.seed)],
    ...(evalRun === null ? [] : ([["Eval run", evalRun]] as Array<[string, string]>)),
    ["Outcome", outcomeText(view)],
    ["Buyer's budget", rupees(model.budget)],
  ];
  if (model.hidden !== null) {
    rows.push(
      ["Seller's floor", rupees(model.hidden.reservation)],
      ["Seller's cost", rupees(model.hidden.cost)],
    );
  }
  if (view.summary.score !== null) rows.push(["Score", view.summary.score.toFixed(3)]);
  if (view.branched_from !== null) rows.push(["What-if of", view.branched_from]);
  setMarkup(
    el.facts,
    rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join(""),
  );
  el.slider.max = String(model.frames.length - 1);
  setMarkup(el.cfRound, model.buyerRounds.map((r) => `<option value="${r}">round ${r}</option>`).join(""));
  showIf(el.cfForm, model.buyerRounds.length > 0);
  showIf(el.cfResult, false);
  showError(el.cfError, null);
  renderFrame();
}

/** An eval run's episode (linked from the leaderboard and reports) lives in the eval store. */
let evalRun: string | null = null;

async function load(id: string): Promise<void> {
  showError(el.loadError, null);
  try {
    view = evalRun === null ? await api.episode(id) : await api.evalEpisode(evalRun, id);
    // "What if?" branches episodes this server stored; an eval's are rebuilt on request.
    showIf(el.cfSection, evalRun === null);
    model = replayModel(view);
    at = model.frames.length - 1;
    showIf(el.replay, true);
    renderEpisode();
    const sellerLines =
      model.frames
        .at(-1)
        ?.dialogue.filter((t) => t.speaker === "seller")
        .map((t) => t.message) ?? [];
    await loadCues(cues, sellerLines);
    renderFrame();
  } catch (err) {
    showIf(el.replay, false);
    showError(el.loadError, messageOf(err));
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
  el.cfPrice.disabled = el.cfAction.value !== "offer";
});

el.cfForm.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (view === null) return;
  const type = el.cfAction.value === "accept" ? "accept" : el.cfAction.value === "walk" ? "walk" : "offer";
  const price = el.cfPrice.valueAsNumber;
  if (type === "offer" && (!Number.isFinite(price) || price < 0)) {
    showError(el.cfError, "An offer needs a price: a number of rupees, zero or more.");
    el.cfPrice.focus();
    return;
  }
  const message = el.cfMessage.value.trim();
  const body: CounterfactualBody = {
    from_round: Number(el.cfRound.value),
    action: { type, ...(type === "offer" ? { price } : {}), ...(message === "" ? {} : { message }) },
    continuation: el.cfContinuation.value === "repeat" ? "repeat" : "greedy",
  };
  showError(el.cfError, null);
  try {
    const result = await api.counterfactual(view.episode_id, body);
    await loadCues(
      cues,
      result.history.filter((t) => t.speaker === "seller").map((t) => t.message),
    );
    setMarkup(el.cfResult, renderCounterfactual(result, model?.frames.at(-1)?.dialogue ?? [], cues));
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
