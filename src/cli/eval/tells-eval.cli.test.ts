import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { extractCues, TELLS_MODEL_REF } from "../../../env/tells/extract-cues";
import { CORPUS_FILE, loadCorpus } from "../../../eval/tells/corpus/corpus-row";
import { LATEST_LABELS } from "../../../eval/tells/corpus/label-fixes";
import { FRESH_LANGS, loadFreshSet, poolFreshSets, scoreFreshSet } from "../../../eval/tells/fresh-set";
import { DEFAULT_TRAIN } from "../../../eval/tells/model/train-options";
import { runProcess } from "../../testing/run-process";
import { gitCommit } from "./git-commit";

const SETS = ["untouched4", "untouched5"] as const;

describe("npm run eval:tells -- --fresh-only", () => {
  it("reports each set and the pool, read by the shipped model, with what the figures depend on", async () => {
    const cli = fileURLToPath(new URL("./tells-eval.cli.ts", import.meta.url));
    const r = await runProcess(process.execPath, ["--import", "tsx", cli, "--fresh-only"]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    const last = JSON.parse(lines[lines.length - 1] as string);
    expect(last.fresh_only).toBe(true);
    const sets = SETS.map((n) => loadFreshSet(n));
    const pooled = poolFreshSets("untouched_pooled", sets);
    for (const s of [...sets, pooled]) {
      expect(last[s.name]).toMatchObject({ rows: s.rows.length, sha256: s.sha256, model: TELLS_MODEL_REF });
      const expected = scoreFreshSet(s.rows, (t) => extractCues(t, "model"));
      expect(last[s.name].macro_f1).toBeCloseTo(expected.overall.macro_f1, 4);
      expect(Object.keys(last[s.name].per_language).sort()).toEqual([...FRESH_LANGS].sort());
      expect(r.stdout).toContain(`fresh set ${s.name}`);
    }
    expect(last.untouched_pooled.files).toEqual(SETS.map((n) => `eval/tells/fresh/${n}.jsonl`));
    expect(r.stdout).not.toContain("family-held-out");
    expect(last.provenance).toMatchObject({
      git_commit: gitCommit(),
      corpus: { file: "tells-corpus.v1.jsonl", labels: LATEST_LABELS, rows: loadCorpus().length },
      training: { version: DEFAULT_TRAIN.version, feature_set: DEFAULT_TRAIN.featureSet },
      shipped_model: TELLS_MODEL_REF,
    });
    expect(CORPUS_FILE.endsWith(last.provenance.corpus.file)).toBe(true);
  }, 60_000);
});
