import { extractJsonObject } from "../../buyers/parse-buyer-reply";
import { type ChatModel, END_OF_TURN_MARKERS } from "../../env/chat-model";
import { codeJudge, type Verdict } from "./code-judge";
import type { Rollout } from "./rollout";

/**
 * A language model compares two buyer transcripts with fixed priorities (closing, surplus,
 * resisting bluffs, justified offers, not caving). An unusable answer falls back to the
 * code judge, so every pair has a defined verdict.
 */
const SYSTEM = `You referee two buyers who haggled with the same seller from the same start.
Decide which buyer did better, in this order of importance: closed a deal; paid less; saw through the seller's bluffs; gave reasons for its offers; did not cave early.
Answer with one JSON object only: {"winner": "a" | "b" | "tie", "reason": "<one short sentence>"}`;

export function llmJudge(model: ChatModel): (a: Rollout, b: Rollout) => Promise<Verdict> {
  return async (a, b) => {
    try {
      const r = await model.chat(
        [
          { role: "system", content: SYSTEM },
          { role: "user", content: `Buyer A:\n${a.transcript}\n\nBuyer B:\n${b.transcript}` },
        ],
        { temperature: 0, maxTokens: 200, stop: [...END_OF_TURN_MARKERS], json: true },
      );
      const json = extractJsonObject(r.text);
      const v = json === null ? null : (JSON.parse(json) as { winner?: unknown; reason?: unknown });
      if (v && (v.winner === "a" || v.winner === "b" || v.winner === "tie")) {
        return { winner: v.winner, reason: typeof v.reason === "string" ? v.reason : "", judge: model.id };
      }
    } catch {
      // fall through to the code judge
    }
    const fallback = codeJudge(a, b);
    return { ...fallback, judge: `code (fallback from ${model.id})` };
  };
}
