import { describe, expect, it } from "vitest";
import { runProcess } from "../../testing/run-process";

const ROOT = new URL("../../..", import.meta.url).pathname;
const serve = (args: readonly string[], env: Record<string, string>) =>
  runProcess(process.execPath, ["--import", "tsx", `${ROOT}src/cli/main.ts`, "serve", ...args], env);

// The runs with HAProxy and Postgres are in `npm run test:scale` (scripts/serve-replicas-test.ts).
describe("bazaar serve --replicas (refusals, as real processes)", () => {
  it("exits 1 saying how to install haproxy when there is none", async () => {
    const r = await serve(["--replicas", "2"], {
      BAZAAR_DB: "postgres://bazaar:secret@127.0.0.1:1/bazaar",
      BAZAAR_HAPROXY: "/nonexistent/haproxy",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("/nonexistent/haproxy, which is not an executable file");
    expect(r.stderr).toContain("apt-get install haproxy");
    expect(r.stderr).not.toContain("secret");
  }, 30_000);

  it("exits 2 when the database is not Postgres, naming BAZAAR_DB", async () => {
    const r = await serve(["--replicas", "2", "--db", ":memory:"], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--replicas needs Postgres");
    expect(r.stderr).toContain("BAZAAR_DB=postgres://");
  }, 30_000);

  it("refuses a --replica-id, since it names the replicas itself", async () => {
    const r = await serve(["--replicas", "2", "--replica-id", "r9"], {
      BAZAAR_DB: "postgres://bazaar@127.0.0.1:1/bazaar",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("drop --replica-id");
  }, 30_000);

  it("refuses a replica count outside 1-64 before starting anything", async () => {
    const r = await serve(["--replicas", "0"], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Invalid --replicas / BAZAAR_REPLICAS: at least 1");
  }, 30_000);
});
