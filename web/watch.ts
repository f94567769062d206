/// <reference lib="dom" />
import { ApiError, api, type EpisodeView, type MatchStep, type MatchView, type TaskInfo } from "./api";
import { renderPriceChart, seriesFromDialogue } from "./chart";
import { renderDialogue } from "./chat-view";
import { loadCues } from "./cue-cache";
import type { CueMark } from "./cue-spans";
import { attachCueTooltips } from "./cue-tooltip";
import { byId, setMarkup, showIf } from "./dom";
import { escapeHtml } from "./html";
import { rupees } from "./money";
import { replayModel } from "./replay-model";
import { sellerMenuOptions } from "./seller-menu";
import { renderTells } from "./tells-view";
import { frameNote, SPEEDS, type WatchFrame, watchFrames } from "./watch-model";

const el = {
  form: byId("watch-form", HTMLFormElement),
  buyer: byId("w-buyer", HTMLSelectElement),
  seller: byId("w-seller", HTMLSelectElement),
  task: byId("w-task", HTMLSelectElement),
  seed: byId("w-seed", HTMLInputElement),
  start: byId("w-start", HTMLButtonElement),
  error: byId("watch-error", HTMLParagraphElement),
  match: byId("match", HTMLElement),
  title: byId("match-title", HTMLHeadingElement),
  facts: byId("match-facts", HTMLElement),
  pause: byId("w-pause", HTMLButtonElement),
  step: byId("w-step", HTMLButtonElement),
  speed: byId("w-speed", HTMLSelectElement),
  progress: byId("w-progress", HTMLParagraphElement),
  note: byId("w-note", HTMLParagraphElement),
  fallback: byId("w-fallback", HTMLParagraphElement),
  chat: byId("w-chat", HTMLOListElement),
  chart: byId("w-chart", HTMLDivElement),
  tells: byId("w-tells", HTMLDivElement),
  end: byId("w-end", HTMLElement),
  endText: byId("w-end-text", HTMLParagraphElement),
  replay: byId("w-replay", HTMLAnchorElement),
};

/** The match being watched: the server's moves so far, and how far the page has shown them. */
let match: MatchView | null = null;
let steps: MatchStep[] = [];
let frames: WatchFrame[] = [];
let shown = 0;
let playing = true;
let timer: number | undefined;
let poller: number | undefined;
let stream: EventSource | null = null;
/** The seller's hidden numbers per episode id, fetched from the replay once the match is over. */
const hidden = new Map<string, { cost: number; reservation: number }>();
const cues = new Map<string, CueMark[]>();

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.message : "Something went wrong in the browser.";

function showError(message: string | null): void {
  el.error.textContent = message ?? "";
  showIf(el.error, message !== null);
}

function render(): void {
  if (match === null) return;
  const f = frames[shown];
  if (f === undefined) return;
  const episodeId = f.step?.episode_id ?? match.episode_ids[0] ?? "";
  const over = match.status !== "running" && shown === frames.length - 1;
  el.title.textContent = f.itemName.charAt(0).toUpperCase() + f.itemName.slice(1);
  setMarkup(el.chat, renderDialogue(f.dialogue, cues, "Buyer"));
  const { sellerAsks, buyerOffers } = seriesFromDialogue(f.dialogue);
  setMarkup(
    el.chart,
    renderPriceChart({
      id: "watch-chart-svg",
      maxRounds: f.maxRounds,
      budget: f.budget,
      sellerAsks,
      buyerOffers,
      deal: f.deal,
      // Hidden values only once the whole match is over and shown to its end.
      hidden: over ? (hidden.get(episodeId) ?? null) : null,
    }),
  );
  setMarkup(el.tells, renderTells(f.tells));
  el.note.textContent = frameNote(f, match.buyer);
  const total = match.status === "running" ? `${steps.length}+` : String(steps.length);
  el.progress.textContent = `Move ${shown} of ${total}${match.status === "running" ? " (still playing)" : ""}`;
  const fallbacks = steps.slice(0, shown).filter((s) => s.fallback).length;
  el.fallback.textContent =
    fallbacks === 0
      ? ""
      : `${fallbacks} of ${shown} moves were the fallback: ${match.buyer}'s model did not answer usably (timeout or unreadable reply).`;
  showIf(el.fallback, fallbacks > 0);
  el.step.disabled = shown >= frames.length - 1;
  el.pause.textContent = playing ? "Pause" : "Play";
  el.pause.setAttribute("aria-pressed", playing ? "false" : "true");
  showIf(el.end, over);
  if (over) renderEnd(f);
  // Last: the chart and tells beside the chat set its box's height, and the newest turn must
  // be in view in the box as it finally is.
  el.chat.scrollTop = el.chat.scrollHeight;
}

function renderEnd(f: WatchFrame): void {
  if (match === null || match.replay === null) return;
  const outcome =
    match.status === "failed"
      ? `The match stopped early: ${match.error ?? "server error"}.`
      : f.outcome === "deal" && f.deal !== null
        ? `Deal at ${rupees(f.deal.price)} after ${steps.length} moves.`
        : `No deal after ${steps.length} moves.`;
  const last = hidden.get(f.step?.episode_id ?? "");
  const floor =
    last === undefined
      ? ""
      : ` The seller's floor was ${rupees(last.reservation)}; the item cost it ${rupees(last.cost)}.`;
  el.endText.textContent = outcome + floor;
  el.replay.href = match.replay;
  el.replay.textContent = new URL(match.replay, location.href).href;
}

function schedule(): void {
  window.clearTimeout(timer);
  if (!playing || match === null) return;
  const ms = Number(el.speed.value) || 1000;
  timer = window.setTimeout(() => {
    if (shown < frames.length - 1) {
      shown += 1;
      void advance();
    }
    schedule();
  }, ms);
}

async function advance(): Promise<void> {
  const f = frames[shown];
  if (f !== undefined)
    await loadCues(
      cues,
      f.dialogue.filter((t) => t.speaker === "seller").map((t) => t.message),
    );
  render();
}

async function revealHidden(m: MatchView): Promise<void> {
  const views = await Promise.all(m.episode_ids.map((id) => api.episode(id).catch(() => null)));
  for (const v of views as Array<EpisodeView | null>) {
    const h = v === null ? null : replayModel(v).hidden;
    if (v !== null && h !== null) hidden.set(v.episode_id, h);
  }
}

/** The match is over: keep its end (status, error, replay link) and show the seller's numbers. */
async function ended(m: MatchView): Promise<void> {
  await revealHidden(m);
  match = m;
  render();
}

/**
 * The match's moves arrive as a stream (GET /matches/:id/stream, SSE): each move as the server
 * plays it, no request per move, and EventSource resumes by itself after a dropped connection
 * (Last-Event-ID is the number of moves seen). Where the server refuses the stream outright (one
 * that wants an API key: EventSource cannot send one), the page falls back to polling.
 */
function follow(m: MatchView): void {
  stream?.close();
  const es = new EventSource(`/matches/${encodeURIComponent(m.match_id)}/stream?after=${steps.length}`);
  stream = es;
  es.addEventListener("step", (ev) => {
    const s = JSON.parse((ev as MessageEvent<string>).data) as MatchStep;
    if (match === null || s.idx !== steps.length) return; // not this match's next move
    steps = [...steps, s];
    frames = watchFrames(match.opening, steps);
    render();
  });
  es.addEventListener("end", (ev) => {
    es.close();
    stream = null;
    void ended(JSON.parse((ev as MessageEvent<string>).data) as MatchView);
  });
  es.addEventListener("error", () => {
    if (es.readyState !== EventSource.CLOSED || stream !== es) return;
    stream = null;
    void poll();
  });
}

async function poll(): Promise<void> {
  if (match === null) return;
  try {
    const m = await api.match(match.match_id, steps.length);
    steps = [...steps, ...m.steps];
    frames = watchFrames(m.opening, steps);
    if (m.status !== "running") return await ended(m);
    match = m;
    render();
    poller = window.setTimeout(() => void poll(), 400);
  } catch (err) {
    showError(messageOf(err));
  }
}

function renderFacts(m: MatchView): void {
  const rows: Array<[string, string]> = [
    ["Buyer", m.buyer],
    ["Seller", m.seller],
    ["Stall", `${m.task.replace(/_/g, " ")} (v${m.task_version})`],
    ["Seed", String(m.seed)],
  ];
  setMarkup(
    el.facts,
    rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`).join(""),
  );
}

el.form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const seed = el.seed.valueAsNumber;
  if (!Number.isInteger(seed) || seed < 0) {
    showError("The seed is a whole number, zero or more.");
    el.seed.focus();
    return;
  }
  showError(null);
  remember();
  el.start.disabled = true;
  window.clearTimeout(timer);
  window.clearTimeout(poller);
  stream?.close();
  stream = null;
  try {
    const m = await api.startMatch({
      buyer: el.buyer.value,
      task: el.task.value,
      seed,
      ...(el.seller.value === "" ? {} : { seller: el.seller.value }),
    });
    match = m;
    steps = [];
    frames = watchFrames(m.opening, steps);
    shown = 0;
    playing = true;
    hidden.clear();
    renderFacts(m);
    showIf(el.match, true);
    await advance();
    schedule();
    follow(m);
  } catch (err) {
    showError(messageOf(err));
  } finally {
    el.start.disabled = false;
  }
});

el.pause.addEventListener("click", () => {
  playing = !playing;
  render();
  schedule();
});
el.step.addEventListener("click", () => {
  playing = false;
  if (shown < frames.length - 1) shown += 1;
  void advance();
  schedule();
});
el.speed.addEventListener("change", schedule);

async function setup(): Promise<void> {
  setMarkup(
    el.speed,
    SPEEDS.map(
      (s, i) => `<option value="${s.ms}"${i === 1 ? " selected" : ""}>${escapeHtml(s.label)}</option>`,
    ).join(""),
  );
  try {
    const [buyers, tasks, sellers, backends] = await Promise.all([
      api.matchBuyers(),
      api.tasks(),
      api.sellers(),
      api.backends().catch(() => []),
    ]);
    const code = buyers.filter((b) => b.kind === "code");
    const models = buyers.filter((b) => b.kind === "model");
    setMarkup(
      el.buyer,
      `<optgroup label="Scripted buyers">${code
        .map(
          (b) =>
            `<option value="${escapeHtml(b.spec)}"${b.spec === "rule:smart" ? " selected" : ""}>${escapeHtml(b.spec)}</option>`,
        )
        .join("")}</optgroup>` +
        (models.length === 0
          ? '<option value="" disabled>Language-model buyers: none configured on this server</option>'
          : `<optgroup label="Language-model buyers">${models
              .map(
                (b) =>
                  `<option value="${escapeHtml(b.spec)}"${b.reachable ? "" : " disabled"}>${escapeHtml(b.reachable ? b.spec : `${b.spec} — unavailable: ${b.detail}`)}</option>`,
              )
              .join("")}</optgroup>`),
    );
    // Version-1 tasks go by their bare id, later versions as id@version (what /reset takes).
    const taskKey = (t: TaskInfo) => (t.version === "1" ? t.id : `${t.id}@${t.version}`);
    setMarkup(
      el.task,
      tasks
        .map(
          (t) =>
            `<option value="${escapeHtml(taskKey(t))}">${escapeHtml(`${t.id.replace(/_/g, " ")}${t.version === "1" ? "" : ` v${t.version}`} (${t.difficulty})`)}</option>`,
        )
        .join(""),
    );
    setMarkup(
      el.seller,
      `<option value="">The stall's usual seller</option>${sellerMenuOptions(sellers, backends)}`,
    );
    preselect();
  } catch (err) {
    showError(messageOf(err));
  }
}

/**
 * A shared setup (/web/watch?buyer=rule:smart&seller=boulware@1&task=single_deal&seed=5) picks
 * the same menus; a value the server does not offer is left at the default, not added.
 */
function preselect(): void {
  const p = new URLSearchParams(location.search);
  const pick = (select: HTMLSelectElement, value: string | null) => {
    if (value !== null && [...select.options].some((o) => o.value === value && !o.disabled))
      select.value = value;
  };
  pick(el.buyer, p.get("buyer"));
  pick(el.seller, p.get("seller"));
  pick(el.task, p.get("task"));
  const seed = Number(p.get("seed"));
  if (p.get("seed") !== null && Number.isInteger(seed) && seed >= 0) el.seed.value = String(seed);
}

/** The setup of the match being watched, in the address, so it can be shared. */
function remember(): void {
  const q = new URLSearchParams({ buyer: el.buyer.value, task: el.task.value, seed: el.seed.value });
  if (el.seller.value !== "") q.set("seller", el.seller.value);
  history.replaceState(null, "", `?${q.toString()}`);
}

attachCueTooltips(el.match);
void setup();
