import { END_OF_TURN_MARKERS } from "../../env/chat-model";

/**
 * Caller stops come first because they carry task meaning; the end-of-turn markers follow
 * so models that ignore their chat template still halt. `limit` exists because
 * OpenAI-compatible servers (TGI's default `max_stop_sequences`, OpenAI itself) reject more
 * than four stop strings with a 4xx.
 */
export function mergeStops(
  callerStops: readonly string[] | undefined,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  const merged: string[] = [];
  for (const stop of [...(callerStops ?? []), ...END_OF_TURN_MARKERS]) {
    if (stop.length > 0 && !merged.includes(stop)) merged.push(stop);
  }
  return merged.slice(0, limit);
}
