import { describe, expect, it } from "vitest";
import { WRITE_SQL } from "../write-batch";
import { executeWrite, fenceGroup, PREPARE_WRITES } from "./pg-prepared";

describe("prepared writes for the Postgres writer", () => {
  it("prepares every write statement, numbering its placeholders in order", () => {
    for (const name of Object.keys(WRITE_SQL)) expect(PREPARE_WRITES).toContain(`PREPARE bz_${name} AS `);
    expect(PREPARE_WRITES).toContain(
      "PREPARE bz_touchSession AS UPDATE sessions SET updated_at = $1 WHERE id = $2;",
    );
    expect(PREPARE_WRITES).toContain(
      "PREPARE bz_fenceGroup(text[], text[], text[], bigint[]) AS SELECT bazaar_fence(",
    );
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

  it("checks a group's fences in one statement, with every value a literal", () => {
    const f = { sessionId: "r1.a'b", replicaId: "r1", instance: "i-1", epoch: 3 };
    expect(fenceGroup([f, { ...f, sessionId: "r1.c", epoch: 4 }])).toBe(
      "EXECUTE bz_fenceGroup(ARRAY['r1.a''b', 'r1.c']::text[], ARRAY['r1', 'r1']::text[], ARRAY['i-1', 'i-1']::text[], ARRAY[3, 4]::bigint[]);",
    );
    expect(() => fenceGroup([])).toThrow(/at least one/);
    expect(() => fenceGroup([{ ...f, epoch: Number.NaN }])).toThrow(TypeError);
  });
});
