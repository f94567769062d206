import { describe, expect, it } from "vitest";
import { isStorageFull } from "./storage-full";
import { WriteHealth, type WriteHealthStatus } from "./write-health";

const sqlite = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("isStorageFull", () => {
  it("knows SQLite's full and write errors, errno codes, and the writer thread's messages", () => {
    expect(isStorageFull(sqlite("SQLITE_FULL", "database or disk is full"))).toBe(true);
    expect(isStorageFull(sqlite("SQLITE_IOERR_WRITE", "disk I/O error"))).toBe(true);
    expect(isStorageFull(Object.assign(new Error("no space"), { code: "ENOSPC" }))).toBe(true);
    expect(isStorageFull(new Error("The store writer thread failed: database or disk is full."))).toBe(true);
  });

  it("does not mistake other failures for a full disk", () => {
    expect(isStorageFull(sqlite("SQLITE_CONSTRAINT_UNIQUE", "UNIQUE constraint failed"))).toBe(false);
    expect(isStorageFull(sqlite("SQLITE_IOERR_READ", "read failed"))).toBe(false);
    expect(isStorageFull(new RangeError("Maximum call stack size exceeded"))).toBe(false);
    expect(isStorageFull("disk")).toBe(false);
    expect(isStorageFull(null)).toBe(false);
  });
});

describe("WriteHealth", () => {
  it("goes full on a full-disk failure, probes at most once a second, and recovers when a probe lands", () => {
    let t = 0;
    let room = false;
    let probes = 0;
    const changes: WriteHealthStatus[] = [];
    const h = new WriteHealth(
      () => {
        probes++;
        if (!room) throw sqlite("SQLITE_FULL", "database or disk is full");
      },
      (s) => changes.push(s),
      () => t,
    );
    expect(h.status()).toBe("ok");
    h.recordFailure(sqlite("SQLITE_CONSTRAINT", "constraint"));
    expect(h.status()).toBe("ok");
    h.recordFailure(sqlite("SQLITE_FULL", "database or disk is full"));
    h.recordFailure(sqlite("SQLITE_FULL", "database or disk is full"));
    expect(h.status()).toBe("full");
    t = 500;
    expect(h.status()).toBe("full");
    expect(probes).toBe(1);
    room = true;
    expect(h.status()).toBe("full");
    t = 1000;
    expect(h.status()).toBe("ok");
    expect(probes).toBe(2);
    expect(changes).toEqual(["full", "ok"]);
  });

  it("a commit that lands clears it without a probe", () => {
    let probes = 0;
    const h = new WriteHealth(() => {
      probes++;
      throw sqlite("SQLITE_FULL", "database or disk is full");
    });
    h.recordFailure(sqlite("SQLITE_IOERR_WRITE", "disk I/O error"));
    h.recordSuccess();
    expect(h.status()).toBe("ok");
    expect(probes).toBe(0);
  });
});
