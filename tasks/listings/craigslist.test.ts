import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { loadCraigslist, loadCraigslistReport } from "./craigslist";
import { ListingFileError } from "./listing-file-error";

const dir = mkdtempSync(join(tmpdir(), "craigslist-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function jsonFile(content: string | Buffer): string {
  const path = join(dir, `s${++counter}.json`);
  writeFileSync(path, content);
  return path;
}

function caught(fn: () => unknown): ListingFileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ListingFileError) return err;
    throw err;
  }
  throw new Error("expected a ListingFileError");
}

const codalabRow = (price: number | null, target = 150) => ({
  uuid: "C_1",
  scenario: {
    uuid: "S_1",
    category: "electronics",
    kbs: [
      {
        personal: { Role: "buyer", Target: 90, Bottomline: null },
        item: { Title: "Buyer copy title", Description: ["x"], Price: 999 },
      },
      {
        personal: { Role: "seller", Target: target, Bottomline: null },
        item: {
          Title: "Apple Watch Sport 38mm - barely used",
          Description: ["Works", "great"],
          Price: price,
        },
      },
    ],
  },
  events: [],
  outcome: { reward: 1 },
});

describe("loadCraigslist", () => {
  it("reads flattened rows; street price is 80 % of the asking price", () => {
    const file = jsonFile(
      JSON.stringify([
        { category: "furniture", title: "Vintage Hat Rack", description: "oak", price: 199 },
        { category: "bike", title: "2013 Felt Z3", price: "$1,300" },
      ]),
    );
    expect(loadCraigslist(file)).toEqual([
      {
        id: "cl-0",
        name: "Vintage Hat Rack",
        category: "furniture",
        listPrice: 199,
        streetPrice: 159.2,
        source: "craigslist",
      },
      {
        id: "cl-1",
        name: "2013 Felt Z3",
        category: "bike",
        listPrice: 1300,
        streetPrice: 1040,
        source: "craigslist",
      },
    ]);
  });

  it("flattens raw CodaLab rows from the seller's knowledge base", () => {
    const file = jsonFile(JSON.stringify([codalabRow(185)]));
    expect(loadCraigslist(file)).toEqual([
      {
        id: "cl-0",
        name: "Apple Watch Sport 38mm - barely used",
        category: "electronics",
        listPrice: 185,
        streetPrice: 148,
        source: "craigslist",
      },
    ]);
  });

  it("falls back to the seller's target when the item has no price, and to the first KB without a seller", () => {
    expect(loadCraigslist(jsonFile(JSON.stringify([codalabRow(null, 420)])))[0]?.listPrice).toBe(420);
    const noSeller = {
      scenario: { kbs: [{ personal: { Role: "buyer", Target: 10 }, item: { Title: "Desk", Price: 250 } }] },
    };
    expect(loadCraigslist(jsonFile(JSON.stringify([noSeller])))[0]).toMatchObject({
      name: "Desk",
      category: "unknown",
      listPrice: 250,
    });
  });

  it("reads gzip by its magic bytes whatever the file is called", () => {
    const file = jsonFile(
      gzipSync(Buffer.from(JSON.stringify([codalabRow(185), { title: "Lamp", price: 120 }]))),
    );
    const listings = loadCraigslist(file);
    expect(listings.map((l) => l.name)).toEqual(["Apple Watch Sport 38mm - barely used", "Lamp"]);
  });

  it("fills in a missing category and title", () => {
    const [l] = loadCraigslist(jsonFile(JSON.stringify([{ price: 500, title: "  " }])));
    expect(l).toMatchObject({ name: "untitled", category: "unknown" });
  });

  it("keeps prices inside the inclusive range and reports the rest", () => {
    const rows = [99, 100, 50_000, 50_001, null, 0, 2500].map((price, i) => ({ title: `t${i}`, price }));
    const { listings, skipped } = loadCraigslistReport(jsonFile(JSON.stringify(rows)));
    expect(listings.map((l) => l.listPrice)).toEqual([100, 50_000, 2500]);
    expect(skipped.map((s) => s.element)).toEqual([0, 3, 4, 5]);
    expect(skipped[2]?.reason).toBe("no price");
  });

  it("honours custom price bounds", () => {
    const file = jsonFile(JSON.stringify([10, 55, 185, 2695].map((price) => ({ title: "x", price }))));
    expect(loadCraigslist(file, { minPrice: 50, maxPrice: 200 }).map((l) => l.listPrice)).toEqual([55, 185]);
  });

  it("clips long titles to 80 characters", () => {
    const [l] = loadCraigslist(jsonFile(JSON.stringify([{ title: "z".repeat(120), price: 300 }])));
    expect(l?.name).toBe(`${"z".repeat(77)}...`);
  });

  it("throws for a missing file instead of returning nothing", () => {
    const missing = join(dir, "train.json");
    const e = caught(() => loadCraigslist(missing));
    expect(e.file).toBe(missing);
    expect(e.message).toContain(missing);
  });

  it("throws for malformed JSON, naming the file", () => {
    const file = jsonFile('[{"title": "x", "price": 100,]');
    const e = caught(() => loadCraigslist(file));
    expect(e.row).toBeNull();
    expect(e.message).toContain(file);
    expect(e.reason).toMatch(/malformed JSON/);
  });

  it("throws for corrupt gzip and for a top level that is not a list", () => {
    const corrupt = jsonFile(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]));
    expect(caught(() => loadCraigslist(corrupt)).reason).toMatch(/gzip/);
    const notList = jsonFile(JSON.stringify({ title: "x", price: 100 }));
    expect(caught(() => loadCraigslist(notList)).reason).toMatch(/list/);
  });

  it("throws for a bad element, naming its index", () => {
    const cases: unknown[] = [
      "just text",
      { title: "x", price: "cheap" },
      { title: 42, price: 100 },
      { scenario: { kbs: [] } },
      { scenario: "nope" },
    ];
    for (const bad of cases) {
      const file = jsonFile(JSON.stringify([{ title: "ok", price: 150 }, { title: "ok", price: 160 }, bad]));
      const e = caught(() => loadCraigslist(file));
      expect(e.row).toBe(2);
      expect(e.message).toContain(`${file}, element 2`);
    }
  });

  it("throws when nothing is usable", () => {
    expect(caught(() => loadCraigslist(jsonFile("[]"))).reason).toMatch(/no usable listings/);
    const cheap = jsonFile(JSON.stringify([{ title: "x", price: 5 }]));
    expect(caught(() => loadCraigslist(cheap)).reason).toMatch(/no usable listings/);
  });
});
