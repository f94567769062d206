import { describe, expect, it } from "vitest";
import { WRITE_SQL } from "../write-batch";
import { executeWrite, PREPARE_WRITES } from "./pg-prepared";

describe("prepared writes for the Postgres writer", () => {
  it("prepares every write statement, numbering its placeholders in order", () => {
    for (const name of Object.keys(WRITE_SQL)) expect(PREPARE_WRITES).toContain(`PREPARE bz_${name} AS `);
    expect(PREPARE_WRITES).toContain(
      "PREPARE bz_touchSession AS UPDATE sessions SET updated_at = $1 WHERE id = $2;",
    );
    expect(PREPARE_WRITES).toContain("PREPARE bz_fence AS SELECT bazaar_fence($1, $2, $3, $4);");
    expect(PREPARE_WRITES).not.toContain("?");
  });

  it("executes with literals; a ? or a quote inside a value stays inside its literal", () => {
    expect(executeWrite("touchSession", [5, "r1.x?'y"])).toBe("EXECUTE bz_touchSession(5, 'r1.x?''y');");
    expect(executeWrite("abandonEpisode", [7])).toBe("EXECUTE bz_abandonEpisode(7);");
  });

  it("refuses a wrong number of parameters and values Postgres cannot store", () => {
    expect(() => executeWrite("touchSession", [5])).toThrow(/takes 2 parameters, got 1/);
    expect(() => executeWrite("abandonEpisode", [1, 2])).toThrow(/takes 1 parameters, got 2/);
    expect(() => executeWrite("abandonEpisode", [Number.NaN])).toThrow(TypeError);
  });
});
