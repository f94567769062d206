import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TELLS_MODEL, tellsModelV3 } from "../../../env/tells/extract-cues";
import { readCuesWithModel } from "../../../env/tells/model-cues";
import { loadCorpus } from "../corpus/corpus-row";
import { FOURTH_PASS_IDS } from "../corpus/families";

/**
 * tells-model@3 is released: moving the feature code into feature sets (tells-features/3 for
 * v3, /4 for v4) must not change one byte of what v3 reads. The digest below was recorded
 * with the code v3 shipped with (commit 4498935), over every corpus row of that time: the
 * rows before the fourth pass (whose families are appended after them, leaving them as they were).
 */
const V3_READINGS_SHA256 = "8e812cf61e92358ff9d94f2aa3ab356d47b8d0870894e71f80afe549a3f90ad4";

describe("tells-model@3 stays loadable and frozen", () => {
  it("keeps its version and content hash", () => {
    const v3 = tellsModelV3();
    expect(v3.version).toBe("tells-model@3");
    expect(v3.contentHash).toBe("sha256:404c9b5daddb7403af8597be1a97a344a4e5b6d2078b467d16d1589b2abbcfa7");
    expect(TELLS_MODEL.version).toBe("tells-model@4");
  });

  it("reads every corpus row exactly as it did when it shipped", () => {
    const v3 = tellsModelV3();
    const h = createHash("sha256");
    const rows = loadCorpus().filter((r) => !FOURTH_PASS_IDS.includes(r.family));
    expect(rows.length).toBe(4982);
    for (const r of rows) h.update(JSON.stringify(readCuesWithModel(v3, r.text)));
    expect(h.digest("hex")).toBe(V3_READINGS_SHA256);
  });
});
