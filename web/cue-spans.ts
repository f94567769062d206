import type { CueSpan, VerbalSignal } from "../src/wire/env-types";
import { escapeHtml } from "./html";

export type CueMark = Pick<CueSpan, "start" | "end" | "signal" | "explanation">;

/** Plain-English names for each verbal signal, shown in the tooltip and the legend. */
export const SIGNAL_NAMES: Readonly<Record<VerbalSignal, string>> = {
  urgency: "Hurry",
  deception: "Possible bluff",
  confidence: "Confidence",
  sympathy: "Sympathy play",
  condition: "Condition",
};

function isSignal(s: string): s is VerbalSignal {
  return Object.hasOwn(SIGNAL_NAMES, s);
}

/**
 * A seller line as HTML with each cue wrapped in a focusable <mark>; its explanation rides in
 * data-tip, which cue-tooltip.ts shows outside any scroll box (no title: the browser's own
 * tooltip would sit on top of ours). Spans that overlap an
 * earlier one, fall outside the text or name an unknown signal are left as plain text, so a
 * bad span can never cut a tag in half; every piece of text is escaped.
 */
export function renderCueText(message: string, spans: readonly CueMark[]): string {
  const ordered = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  let html = "";
  let at = 0;
  for (const s of ordered) {
    if (!isSignal(s.signal) || s.start < at || s.end > message.length || s.end <= s.start) continue;
    const tip = `${SIGNAL_NAMES[s.signal]}: ${s.explanation}`;
    html += escapeHtml(message.slice(at, s.start));
    html += `<mark class="cue cue-${s.signal}" tabindex="0" data-tip="${escapeHtml(tip)}">`;
    html += `${escapeHtml(message.slice(s.start, s.end))}</mark>`;
    at = s.end;
  }
  return html + escapeHtml(message.slice(at));
}
