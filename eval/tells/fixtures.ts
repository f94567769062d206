import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { VERBAL_SIGNALS } from "../../env/tells/cue-rules";
import { TellObservation } from "../../env/tells/tell-observation";

export const LabelledUtterance = z
  .object({
    text: z.string().min(1),
    spans: z.array(
      z
        .object({ start: z.number().int().min(0), end: z.number().int(), signal: z.enum(VERBAL_SIGNALS) })
        .strict(),
    ),
    condition_label: TellObservation.shape.condition_label.nullable(),
  })
  .strict();
export type LabelledUtterance = z.infer<typeof LabelledUtterance>;

export type Split = "dev" | "test";

export function fixturePath(split: Split): string {
  return fileURLToPath(new URL(`./fixtures/utterances.${split}.jsonl`, import.meta.url));
}

/** Parse one JSONL split; a bad line fails loudly with its line number. */
export function loadSplit(split: Split): LabelledUtterance[] {
  const lines = readFileSync(fixturePath(split), "utf8").split("\n");
  const rows: LabelledUtterance[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    const parsed = LabelledUtterance.safeParse(JSON.parse(line));
    if (!parsed.success) throw new Error(`utterances.${split}.jsonl line ${i + 1}: ${parsed.error.message}`);
    rows.push(parsed.data);
  });
  return rows;
}
