import { describe, expect, it } from "vitest";
import { RELEASED_TRAININGS, retrain } from "./released-trainings";

// The older half of the released models (shipped-model.test.ts retrains the newer half): a
// file of its own so vitest retrains both halves at once, on two workers.
describe("the early released tells models", () => {
  it("are all retrained by one of the two files", () => {
    expect(RELEASED_TRAININGS.flatMap((t) => t.models.map(([o]) => o.version))).toEqual(
      Array.from({ length: 15 }, (_, i) => `tells-model@${19 - i}`),
    );
  });

  it.each(RELEASED_TRAININGS.slice(3))(
    "keep $names reproducible from the $rows rows they shipped with",
    (t) => {
      const { rows, files } = retrain(t);
      expect(rows).toBe(t.rows);
      for (const f of files) expect(f.now, f.version).toBe(f.shipped);
    },
    240_000,
  );
});
