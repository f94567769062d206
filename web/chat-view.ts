import type { DialogueTurn } from "../src/wire/env-types";
import { type CueMark, renderCueText } from "./cue-spans";
import { escapeHtml } from "./html";
import { rupees } from "./money";

/** What the move was, in words that agree with the speaker: "Seller asks ₹800", "You offer ₹500". */
export function moveWords(t: DialogueTurn, thirdPerson = t.speaker === "seller"): string {
  const price = t.price === null ? "" : ` ${rupees(t.price)}`;
  const s = thirdPerson ? "s" : "";
  switch (t.action) {
    case "open":
      return `ask${s}${price}`;
    case "offer":
      return `offer${s}${price}`;
    case "counter":
      return `${thirdPerson ? "comes" : "come"} back with${price}`;
    case "accept":
      return `accept${s}${price ? ` at${price}` : ""}`;
    case "walk":
      return `walk${s} away`;
  }
}

/**
 * The conversation as list items. Seller words carry their cue highlights when known
 * (`cues` is keyed by the exact message); everything else is escaped plain text.
 */
export function renderDialogue(
  turns: readonly DialogueTurn[],
  cues: ReadonlyMap<string, readonly CueMark[]>,
  /** Who the buyer is called: "You" on the play page, the agent's name when watching one. */
  buyerName = "You",
): string {
  return turns
    .map((t) => {
      const who = t.speaker === "seller" ? "Seller" : buyerName;
      const words =
        t.message === ""
          ? ""
          : t.speaker === "seller"
            ? renderCueText(t.message, cues.get(t.message) ?? [])
            : escapeHtml(t.message);
      const said = words === "" ? "" : `<p class="said">${words}</p>`;
      return `<li class="turn turn-${t.speaker}"><p class="move"><span class="who">${escapeHtml(who)}</span> ${escapeHtml(
        moveWords(t, t.speaker === "seller" || buyerName !== "You"),
      )} <span class="round">round ${t.round}</span></p>${said}</li>`;
    })
    .join("");
}

/** A line from the market itself (rule notices, the deal confirmation, a career's hand-over). */
export function renderNotice(text: string, kind = ""): string {
  const extra = kind === "" ? "" : ` turn-${kind}`;
  return `<li class="turn turn-notice${extra}"><p>${escapeHtml(text)}</p></li>`;
}
