import type { TellObservation } from "../src/wire/env-types";
import { escapeHtml } from "./html";
import { percent } from "./money";

type NumericTell =
  | "verbal_urgency"
  | "verbal_confidence"
  | "verbal_deception_cue"
  | "verbal_sympathy"
  | "fidget_level"
  | "emotional_escalation";

/** The six gauges, in the order a buyer would glance at them. */
export const TELL_BARS: ReadonlyArray<{ key: NumericTell; name: string; hint: string }> = [
  { key: "verbal_urgency", name: "Hurry", hint: "talk of closing today, other buyers, no time" },
  { key: "verbal_confidence", name: "Confidence", hint: "firm words: fixed price, best rate" },
  { key: "verbal_deception_cue", name: "Bluff cues", hint: "stories that may be invented" },
  { key: "verbal_sympathy", name: "Sympathy play", hint: "claims of losing money" },
  { key: "fidget_level", name: "Fidgeting", hint: "restless hands and feet" },
  { key: "emotional_escalation", name: "Getting heated", hint: "raised voice, strong feelings" },
];

const WORDS: Readonly<Record<string, string>> = {
  round: "round number",
  precise: "exact figure",
  instant: "straight away",
  normal: "after a moment",
  deliberate: "after a long think",
  steady: "steady",
  erratic: "erratic",
  front_loaded: "big early drops",
  stalling: "stalling",
  avoidant: "looks away",
  intense: "holds your gaze hard",
  neutral: "relaxed",
  leaning_in: "leaning in",
  leaning_back: "leaning back",
  arms_crossed: "arms crossed",
  new: "new",
  like_new: "like new",
  very_good: "very good",
  good: "good",
  acceptable: "acceptable",
  junk: "junk",
  unknown: "not mentioned",
};

const word = (v: string) => escapeHtml(WORDS[v] ?? v.replace(/_/g, " "));

/** The tells panel body: gauges, the categorical signs and the item's stated condition. */
export function renderTells(t: TellObservation | null): string {
  if (t === null) {
    return `<p class="muted">No read on the seller yet. Make an offer and watch how they answer.</p>`;
  }
  const bars = TELL_BARS.map(({ key, name, hint }) => {
    const v = Math.min(1, Math.max(0, t[key]));
    return `<li class="tell-bar"><span class="tell-name" title="${escapeHtml(hint)}">${escapeHtml(name)}</span><meter min="0" max="1" value="${v}" aria-label="${escapeHtml(
      `${name}: ${percent(v)}`,
    )}">${percent(v)}</meter><span class="tell-value">${percent(v)}</span></li>`;
  }).join("");
  const signs: Array<[string, string]> = [
    ["Price named as", word(t.price_rounding)],
    ["Answered", word(t.offer_speed)],
    ["Concessions", word(t.concession_pattern)],
    ["Eye contact", word(t.eye_contact)],
    ["Posture", word(t.posture)],
    ["Repeats themself", String(t.repeat_phrases)],
    ["Changes the subject", String(t.topic_changes)],
    ["Condition claimed", word(t.condition_label)],
  ];
  const list = signs.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${v}</dd></div>`).join("");
  return `<ul class="tell-bars">${bars}</ul><dl class="tell-signs">${list}</dl>`;
}
