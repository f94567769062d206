import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../config/config";
import { silentLogger } from "../../log/logger";
import { runProcess } from "../../testing/run-process";
import { startServer } from "../server";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "bazaar-listings-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CSV = [
  "product_id,product_name,category,discounted_price,actual_price,rating",
  'A1,"Brass Diya Set, pack of 4",Home&Kitchen|Decor,"₹1,499","₹2,499",4.2',
  'A2,"Cotton Kurta, indigo",Clothing|Men,₹799,"₹1,299",4.0',
].join("\n");

describe("a product file for amazon_realistic", () => {
  it("serves episodes drawn from the given Amazon Sales CSV", async () => {
    const file = join(dir, "products.csv");
    writeFileSync(file, CSV);
    const server = await startServer(
      { ...DEFAULT_CONFIG, port: 0, host: "127.0.0.1", db: ":memory:", logLevel: "silent", listings: file },
      { logger: silentLogger, drainMs: 200, env: {} },
    );
    try {
      const names = new Set<string>();
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const r = await fetch(`${server.url}/reset`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ task_id: "amazon_realistic", seed }),
        });
        const body = (await r.json()) as { observation: { item_name: string; own_private_budget: number } };
        names.add(body.observation.item_name);
        expect([2499, 1299]).toContain(body.observation.own_private_budget);
      }
      expect([...names].sort()).toEqual(["Brass Diya Set", "Cotton Kurta"]);
    } finally {
      await server.close();
    }
  });

  it("a malformed file stops `bazaar serve` at startup with the file and row named", async () => {
    const file = join(dir, "broken.csv");
    writeFileSync(file, 'product_name,category,discounted_price,actual_price\n"unclosed,Toys,₹10,₹20\n');
    const r = await runProcess("npx", [
      "tsx",
      "src/cli/main.ts",
      "serve",
      "--port",
      "0",
      "--db",
      ":memory:",
      "--listings",
      file,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(file);
    expect(r.stderr).toMatch(/row \d+/);
  });

  it("a missing file is named too", async () => {
    const r = await runProcess("npx", [
      "tsx",
      "src/cli/main.ts",
      "serve",
      "--port",
      "0",
      "--listings",
      join(dir, "nope.csv"),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("nope.csv");
  });
});
