import { z } from "zod";
import { TellsExtractorId } from "../../env/tells/extract-cues";
import type { CueSpan, VerbalReading } from "../../env/tells/verbal";

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
export type HighlightRequest = z.infer<typeof HighlightRequest>;

/** What the browser needs to underline a seller line: non-overlapping spans plus per-signal scores. */
export interface HighlightResponse {
  spans: CueSpan[];
  aggregate: VerbalReading["aggregate"];
}

/** The answer as documented. */
export const HighlightResponseDoc = z
  .object({
    spans: z.array(
      z.object({
        start: z.number().int(),
        end: z.number().int(),
        text: z.string(),
        signal: z.string(),
        score: z.number(),
        explanation: z.string(),
        conditionLabel: z.string().optional(),
      }),
    ),
    aggregate: z.partialRecord(z.string(), z.number()),
  })
  .meta({ description: "Non-overlapping cue spans of the message and a score per signal." });

// The document may not drift from the type the route answers with: this fails to compile if it does.
const _answersAsDocumented = (r: HighlightResponse): z.input<typeof HighlightResponseDoc> => r;
void _answersAsDocumented;
