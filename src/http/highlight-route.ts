import type { Hono } from "hono";
import { z } from "zod";
import { type CueSpan, exclusiveSpans, readCues } from "../../env/tells/verbal";
import { readJson, validate } from "./request-input";

export const HighlightRequest = z.object({ message: z.string().max(2000) }).strict();

/** What the browser needs to underline a seller line: non-overlapping spans plus per-signal scores. */
export interface HighlightResponse {
  spans: CueSpan[];
  aggregate: ReturnType<typeof readCues>["aggregate"];
}

/**
 * POST /highlight: the keyword cues in one message, as exclusive spans (no two share a
 * character), so a UI can mark them up without resolving overlaps itself.
 */
export function registerHighlightRoute(app: Hono, limitBytes: number): void {
  app.post("/highlight", async (c) => {
    const { message } = validate(HighlightRequest, await readJson(c, limitBytes));
    const reading = readCues(message);
    const body: HighlightResponse = { spans: exclusiveSpans(reading.spans), aggregate: reading.aggregate };
    return c.json(body);
  });
}
