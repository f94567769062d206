import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TELLS_MODEL_REF } from "../../env/tells/extract-cues";
import { loadCorpus } from "./corpus/corpus-row";
import { LATEST_LABELS } from "./corpus/label-fixes";
import { tellsEvalProvenance } from "./eval-provenance";
import { DEFAULT_TRAIN } from "./model/train-options";

describe("tells eval provenance", () => {
  const rows = loadCorpus();
  const base = {
    rows,
    labels: LATEST_LABELS,
    training: DEFAULT_TRAIN,
    shipped: TELLS_MODEL_REF,
    commit: "0123abc",
  };

  it("names the commit, the corpus bytes and labels, the training and the shipped model", () => {
    const p = tellsEvalProvenance(base);
    expect(p.git_commit).toBe("0123abc");
    expect(p.corpus).toMatchObject({
      file: "tells-corpus.v1.jsonl",
      labels: LATEST_LABELS,
      rows: rows.length,
    });
    expect(p.corpus.sha256).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(p.corpus.families).toBe(new Set(rows.map((r) => r.family)).size);
    expect(p.training).toMatchObject({
      version: DEFAULT_TRAIN.version,
      feature_set: DEFAULT_TRAIN.featureSet,
    });
    expect(p.shipped_model).toEqual(TELLS_MODEL_REF);
  });

  it("a changed corpus byte or training option changes its hash; the same inputs give the same record", () => {
    const dir = mkdtempSync(join(tmpdir(), "tells-prov-"));
    try {
      const a = join(dir, "a.jsonl");
      const b = join(dir, "b.jsonl");
      writeFileSync(a, '{"x":1}\n');
      writeFileSync(b, '{"x":2}\n');
      const pa = tellsEvalProvenance({ ...base, corpusFile: a, commit: "c" });
      expect(tellsEvalProvenance({ ...base, corpusFile: a, commit: "c" })).toEqual(pa);
      expect(tellsEvalProvenance({ ...base, corpusFile: b, commit: "c" }).corpus.sha256).not.toBe(
        pa.corpus.sha256,
      );
      const other = tellsEvalProvenance({
        ...base,
        corpusFile: a,
        commit: "c",
        training: { ...DEFAULT_TRAIN, l2: 2e-5 },
      });
      expect(other.training.sha256).not.toBe(pa.training.sha256);
      expect(other.training.version).toBe(pa.training.version);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
