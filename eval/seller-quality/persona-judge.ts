import { extractJsonObject } from "../../buyers/parse-buyer-reply";
import { type ChatModel, END_OF_TURN_MARKERS } from "../../env/chat-model";

/** An LLM reads a seller transcript and names the persona it shows (JSON, temperature 0). */
export function personaJudge(
  model: ChatModel,
): (transcript: string, personas: readonly string[]) => Promise<string> {
  return async (transcript, personas) => {
    const system =
      "You classify how a market seller behaves in a haggling transcript. " +
      `Answer with one JSON object {"persona": "<one of: ${personas.join(", ")}>"} and nothing else.`;
    try {
      const r = await model.chat(
        [
          { role: "system", content: system },
          { role: "user", content: `Transcript:\n${transcript}\n\nWhich persona fits the seller best?` },
        ],
        { temperature: 0, maxTokens: 40, stop: [...END_OF_TURN_MARKERS], json: true },
      );
      const json = extractJsonObject(r.text);
      const persona = json === null ? null : (JSON.parse(json) as { persona?: unknown }).persona;
      return typeof persona === "string" && personas.includes(persona.trim()) ? persona.trim() : "default";
    } catch {
      // Unreadable or failed judgements count as the default persona (REFERENCE §12.3).
      return "default";
    }
  };
}
