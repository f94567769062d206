import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GROUP_HEAD_NAMES } from "../../../env/tells/group-heads";
import type { TellsModelWeights } from "../../../env/tells/tells-model";
import { loadCorpus } from "../corpus/corpus-row";
import { MODEL_FILE } from "./model-file";
import { REDONE_EVERY_RUN, retrain } from "./released-trainings";
import { trainShippedModel } from "./shipped";
import { contentHash } from "./train";
import { DEFAULT_TRAIN } from "./train-options";

describe("the shipped tells model", () => {
  const text = readFileSync(MODEL_FILE, "utf8");
  const file = JSON.parse(text) as TellsModelWeights;

  it("records the sha256 of its own content and stays under 3 MB", () => {
    const { content_hash, ...body } = file;
    expect(content_hash).toBe(contentHash(body));
    expect(file.version).toBe("tells-model@25");
    expect(file.feature_set).toBe("tells-features/11");
    expect(file.format).toBe("tells-model/9");
    expect(file.clause_pooling).toBe("noisy-or");
    expect(file.combiner?.inputs).toBe("cross-signal/4");
    expect(file.group_heads?.heads).toEqual([...GROUP_HEAD_NAMES]);
    // A hidden layer per signal of the units its training asked for (tells-model@23 on).
    expect(file.combiner?.hidden?.map((l) => l.out.length)).toEqual(
      new Array(5).fill(DEFAULT_TRAIN.combinerHidden?.units),
    );
    // A message network of the units its training asked for over the main heads' rows (tells-model@24 on).
    expect(file.network?.bias).toHaveLength(DEFAULT_TRAIN.bagNetwork?.units ?? 0);
    expect(file.network?.weights.every((w) => w.length === file.features.length)).toBe(true);
    // Two linear models of at most 32,000 rows each (the group heads: tells-model@22 on) and eight
    // int8 network weights per row (tells-model@24 on).
    expect(statSync(MODEL_FILE).size).toBeLessThan(3 * 1024 * 1024);
  });

  it("is what `npm run train:tells` produces from the whole corpus (training is deterministic)", () => {
    expect(`${JSON.stringify(trainShippedModel(loadCorpus()))}\n`).toBe(text);
  }, 240_000);

  // The newer half of the released models npm test redoes; released-early.test.ts redoes the rest.
  it.each(REDONE_EVERY_RUN.slice(0, 3))(
    "keeps $names reproducible from the $rows rows they shipped with",
    (t) => {
      const { rows, files } = retrain(t);
      expect(rows).toBe(t.rows);
      for (const f of files) expect(f.now, f.version).toBe(f.shipped);
    },
    240_000,
  );
});
