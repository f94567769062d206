import { describe, expect, it } from "vitest";
import { loadCorpus } from "./corpus/corpus-row";
import { familyFolds } from "./held-out";

const rows = loadCorpus();
const families = [...new Set(rows.map((r) => r.family))];
const langOf = new Map(rows.map((r) => [r.family, r.lang]));

describe("family folds", () => {
  it("puts every family whole in one fold, the same way every time, and each fold's training side sees every script", () => {
    for (const placement of [0, 1, 2]) {
      const folds = familyFolds(rows, 5, placement);
      expect(familyFolds(rows, 5, placement)).toEqual(folds);
      expect([...folds.keys()].sort()).toEqual([...families].sort());
      for (let f = 0; f < 5; f++) {
        const trainLangs = new Set(
          families.filter((fam) => folds.get(fam) !== f).map((fam) => langOf.get(fam)),
        );
        expect(trainLangs).toEqual(new Set(rows.map((r) => r.lang)));
        expect(families.some((fam) => folds.get(fam) === f)).toBe(true);
      }
    }
  });

  it("places families differently for another placement number", () => {
    const canonical = familyFolds(rows, 5);
    expect(familyFolds(rows, 5, 0)).toEqual(canonical);
    const moved = (p: number) =>
      families.filter((f) => familyFolds(rows, 5, p).get(f) !== canonical.get(f)).length;
    expect(moved(1)).toBeGreaterThan(families.length / 4);
    expect(moved(2)).toBeGreaterThan(families.length / 4);
    const one = familyFolds(rows, 5, 1);
    expect(families.filter((f) => familyFolds(rows, 5, 2).get(f) !== one.get(f)).length).toBeGreaterThan(0);
  });
});
