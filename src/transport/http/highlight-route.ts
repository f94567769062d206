import type { Hono } from "hono";
import { z } from "zod";
import { extractCues, localExtractorFor, TellsExtractorId } from "../../../env/tells/extract-cues";
import { type CueSpan, exclusiveSpans, type VerbalReading } from "../../../env/tells/verbal";
import { readJson, validate } from "./request-input";

export const HighlightRequest = z
  .object({
    message: z.string().max(2000),
    /**
     * Which extractor reads the message; "model" (rules plus the learned layer) when omitted,
     * since it reads phrasings the rules were not written for (docs/tells.md). "rules" gives the
     * keyword cues alone. "llm:<backend>" reads with its fallback, the model path: the server
     * holds no LLM for tells.
     */
    extractor: TellsExtractorId.optional(),
  })
  .strict();

/**
 * The default extractor of POST /highlight. Episodes keep their task's extractor (v1 tasks:
 * "rules", frozen); this route reads what people and models actually write, so it uses the
 * model path, which held out by family scores 0.77 macro F1 against the rules' 0.28.
 */
export const HIGHLIGHT_DEFAULT_EXTRACTOR: TellsExtractorId = "model";

/** What the browser needs to underline a seller line: non-overlapping spans plus per-signal scores. */
export interface HighlightResponse {
  spans: CueSpan[];
  aggregate: VerbalReading["aggregate"];
}

/**
 * POST /highlight: the cues in one message, as exclusive spans (no two share a character),
 * so a UI can mark them up without resolving overlaps itself.
 */
export function registerHighlightRoute(app: Hono, limitBytes: number): void {
  app.post("/highlight", async (c) => {
    const { message, extractor } = validate(HighlightRequest, await readJson(c, limitBytes));
    const reading = extractCues(message, localExtractorFor(extractor ?? HIGHLIGHT_DEFAULT_EXTRACTOR));
    const body: HighlightResponse = { spans: exclusiveSpans(reading.spans), aggregate: reading.aggregate };
    return c.json(body);
  });
}
