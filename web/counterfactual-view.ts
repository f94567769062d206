import type { DialogueTurn } from "../src/wire/env-types";
import type { CounterfactualResult } from "./api";
import { renderDialogue } from "./chat-view";
import type { CueMark } from "./cue-spans";
import { escapeHtml } from "./html";
import { rupees } from "./money";
import { outcomeWords } from "./outcome-words";

type Summary = CounterfactualResult["original"];

function summaryOutcome(s: Summary): string {
  if (s.outcome === "deal") return s.agreed_price === null ? "deal" : `deal at ${rupees(s.agreed_price)}`;
  if (s.outcome === null || s.outcome === undefined) return "still going";
  return `no deal (${outcomeWords(s.outcome)})`;
}

function column(title: string, s: Summary, extra: string): string {
  const rows: Array<[string, string]> = [
    ["Outcome", summaryOutcome(s)],
    ["Rounds", String(s.rounds)],
    ["Score", s.score === null ? "—" : s.score.toFixed(3)],
  ];
  const dl = rows.map(([k, v]) => `<div><dt>${k}</dt><dd>${escapeHtml(v)}</dd></div>`).join("");
  return `<article class="card"><h4>${escapeHtml(title)}</h4><dl class="facts">${dl}</dl>${extra}</article>`;
}

/**
 * The original and the what-if side by side, each with its dialogue from the replaced round on
 * (`originalTurns` is the stored episode's), and a link to replay the branch.
 */
export function renderCounterfactual(
  r: CounterfactualResult,
  originalTurns: readonly DialogueTurn[],
  cues: ReadonlyMap<string, readonly CueMark[]>,
  /** "You" from the buyer's chair; "Buyer" when the replay is drawn from the seller's. */
  buyerName = "You",
): string {
  const diff =
    r.original.score !== null && r.counterfactual.score !== null
      ? r.counterfactual.score - r.original.score
      : null;
  const verdictLine =
    diff === null
      ? ""
      : `<p class="hint">${escapeHtml(
          Math.abs(diff) < 0.0005
            ? "Same score either way."
            : diff > 0
              ? `The what-if scores ${diff.toFixed(3)} higher.`
              : `The what-if scores ${(-diff).toFixed(3)} lower.`,
        )}</p>`;
  const branch = `${verdictLine}<ol class="chat">${renderDialogue(r.history, cues, buyerName)}</ol><p><a href="/web/replay?episode=${encodeURIComponent(
    r.episode_id,
  )}">Replay the what-if in full</a></p>`;
  return (
    column(
      "What happened",
      r.original,
      `<ol class="chat">${renderDialogue(
        originalTurns.filter((t) => t.round >= r.from_round),
        cues,
        buyerName,
      )}</ol>`,
    ) +
    column(
      `What if, from round ${r.from_round} (${r.continuation === "repeat" ? "repeating" : "greedy"})`,
      r.counterfactual,
      branch,
    )
  );
}
