import type { Hono } from "hono";
import { extractCues, localExtractorFor, type TellsExtractorId } from "../../../env/tells/extract-cues";
import { exclusiveSpans } from "../../../env/tells/verbal";
import { HighlightRequest, type HighlightResponse } from "../../wire/highlight";
import { readJson, validate } from "./request-input";
import { ROUTE_DOCS } from "./route-docs";

/**
 * The default extractor of POST /highlight. Episodes keep their task's extractor (v1 tasks:
 * "rules", frozen); this route reads what people and models actually write, so it uses the
 * model path, which held out by family reads about three times as many signals right as the
 * rules alone do (docs/tells.md has the figures of each release).
 */
export const HIGHLIGHT_DEFAULT_EXTRACTOR: TellsExtractorId = "model";

/**
 * POST /highlight: the cues in one message, as exclusive spans (no two share a character),
 * so a UI can mark them up without resolving overlaps itself.
 */
export function registerHighlightRoute(app: Hono, limitBytes: number): void {
  app.post("/highlight", ROUTE_DOCS.highlight, async (c) => {
    const { message, extractor } = validate(HighlightRequest, await readJson(c, limitBytes));
    const reading = extractCues(message, localExtractorFor(extractor ?? HIGHLIGHT_DEFAULT_EXTRACTOR));
    const body: HighlightResponse = { spans: exclusiveSpans(reading.spans), aggregate: reading.aggregate };
    return c.json(body);
  });
}
