import { describe, expect, it } from "vitest";
import { WRITE_SQL, type WriteOp } from "../write-batch";
import {
  executeWrite,
  fenceGroup,
  isEmptyUnit,
  PREPARE_WRITES,
  renderGroup,
  renderUnit,
} from "./pg-prepared";

const fence = (sessionId: string, epoch = 1) => ({ sessionId, replicaId: "r1", instance: "i-1", epoch });

describe("prepared writes for the Postgres writer", () => {
  it("prepares every write, numbering placeholders in order, plus the bulk inserts and the group fence", () => {
    for (const name of Object.keys(WRITE_SQL)) expect(PREPARE_WRITES).toContain(`PREPARE bz_${name} AS `);
    expect(PREPARE_WRITES).toContain(
      "PREPARE bz_touchSession AS UPDATE sessions SET updated_at = $1 WHERE id = $2;",
    );
    expect(PREPARE_WRITES).toContain(
      "PREPARE bz_bulk_insertEvents(bigint[], integer[], text[]) AS INSERT INTO event_batches (episode_key, seq, json) SELECT * FROM unnest($1, $2, $3);",
    );
    expect(PREPARE_WRITES).toContain(
      "PREPARE bz_bulk_insertStepResult(text[], text[], text[]) AS INSERT INTO step_results (session_id, request_id, response) SELECT * FROM unnest($1, $2, $3);",
    );
    expect(PREPARE_WRITES).toContain(
      "PREPARE bz_fenceGroup(text[], text[], text[], bigint[]) AS SELECT bazaar_fence(",
    );
    expect(PREPARE_WRITES.startsWith("DEALLOCATE ALL;")).toBe(true);
    expect(PREPARE_WRITES).not.toContain("?");
  });

  it("executes with literals; a ? or a quote inside a value stays inside its literal", () => {
    expect(executeWrite("touchSession", [5, "r1.x?'y"])).toBe("EXECUTE bz_touchSession(5, 'r1.x?''y');");
    expect(executeWrite("abandonEpisode", [7])).toBe("EXECUTE bz_abandonEpisode(7);");
  });

  it("refuses a wrong number of parameters and values Postgres cannot store, when the unit is rendered", () => {
    expect(() => executeWrite("touchSession", [5])).toThrow(/takes 2 parameters, got 1/);
    expect(() => renderUnit([["insertEvents", [1, 2]]], null)).toThrow(/takes 3 parameters, got 2/);
    expect(() => renderUnit([["insertEvents", [1, 0, "a\u0000"]]], null)).toThrow(TypeError);
    expect(() => renderUnit([["abandonEpisode", [1]]], fence("s", Number.NaN))).toThrow(TypeError);
    expect(() => fenceGroup([])).toThrow(/at least one/);
  });

  it("says a group as each unit's statements in order, one insert per bulk table, then one fence statement", () => {
    const reset: WriteOp[] = [
      ["insertSession", ["r1.a", "single_deal", 1, "{}", 1, 10, 10]],
      ["insertEvents", [7, 0, "[1]"]],
    ];
    const step: WriteOp[] = [
      ["insertEvents", [8, 2, '["it\'s"]']],
      ["insertStepResult", ["r1.b", "q1", "{}"]],
      ["finishEpisode", ["finished", "deal", null, 8]],
    ];
    const a = renderUnit(reset, fence("r1.a"), "r1");
    const b = renderUnit(step, fence("r1.b", 3), "r1");
    expect(a.statements).toBe(
      "EXECUTE bz_insertSession('r1.a', 'single_deal', 1, '{}', 1, 10, 10);\nEXECUTE bz_insertLease('r1.a', 'r1');",
    );
    expect(renderGroup([a, b]).split("\n")).toEqual([
      "EXECUTE bz_insertSession('r1.a', 'single_deal', 1, '{}', 1, 10, 10);",
      "EXECUTE bz_insertLease('r1.a', 'r1');",
      "EXECUTE bz_finishEpisode('finished', 'deal', NULL, 8);",
      "EXECUTE bz_bulk_insertEvents(ARRAY[7, 8]::bigint[], ARRAY[0, 2]::integer[], ARRAY['[1]', '[\"it''s\"]']::text[]);",
      "EXECUTE bz_bulk_insertStepResult(ARRAY['r1.b']::text[], ARRAY['q1']::text[], ARRAY['{}']::text[]);",
      "EXECUTE bz_fenceGroup(ARRAY['r1.a', 'r1.b']::text[], ARRAY['r1', 'r1']::text[], ARRAY['i-1', 'i-1']::text[], ARRAY[1, 3]::bigint[]);",
    ]);
    // Without a replica id no lease is written; a unit with nothing to write is empty.
    expect(renderUnit(reset, null).statements).not.toContain("insertLease");
    expect(isEmptyUnit(renderUnit([], fence("r1.a")))).toBe(true);
    expect(isEmptyUnit(renderUnit([["insertEvents", [1, 0, "[]"]]], null))).toBe(false);
  });
});
