/** The sentences of one seller message. */
export const sentences = (message: string): string[] =>
  message
    .split(/(?<=[.!?])\s+/)
    .map((x) => x.trim())
    .filter((x) => x !== "");

/** Does any message say a sentence the message before it said (#17 item 14)? */
export function repeatsRoundToRound(messages: readonly string[]): boolean {
  const said = messages.map((m) => new Set(sentences(m)));
  return said.some((now, i) => i > 0 && [...now].some((x) => said[i - 1]?.has(x)));
}
