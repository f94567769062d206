import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { TellsModelWeights } from "../../../env/tells/tells-model";
import { loadCorpus } from "../corpus/corpus-row";
import { MODEL_FILE } from "./model-file";
import { trainShippedModel } from "./shipped";
import { contentHash } from "./train";

describe("the shipped tells model", () => {
  const text = readFileSync(MODEL_FILE, "utf8");
  const file = JSON.parse(text) as TellsModelWeights;

  it("records the sha256 of its own content and stays under 1.5 MB", () => {
    const { content_hash, ...body } = file;
    expect(content_hash).toBe(contentHash(body));
    expect(statSync(MODEL_FILE).size).toBeLessThan(1.5 * 1024 * 1024);
  });

  it("is what `npm run train:tells` produces from the committed corpus (training is deterministic)", () => {
    expect(`${JSON.stringify(trainShippedModel(loadCorpus()))}\n`).toBe(text);
  }, 240_000);
});
