import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gitCommit } from "./git-commit";

describe("gitCommit", () => {
  it("names this code base's commit wherever the command runs", () => {
    expect(gitCommit()).toMatch(/^[0-9a-f]{40}(\+dirty)?$/);
  });

  it("outside a checkout it uses BAZAAR_GIT_COMMIT, else says unknown", () => {
    const dir = mkdtempSync(join(tmpdir(), "no-git-"));
    try {
      expect(gitCommit(dir, {})).toBe("unknown");
      expect(gitCommit(dir, { BAZAAR_GIT_COMMIT: "abc123" })).toBe("abc123");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
