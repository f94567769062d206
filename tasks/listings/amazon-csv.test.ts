import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadAmazonCsv, loadAmazonCsvReport, parseRupees } from "./amazon-csv";
import { listingEconomics } from "./listing";
import { ListingFileError } from "./listing-file-error";

const dir = mkdtempSync(join(tmpdir(), "amazon-csv-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function csvFile(content: string | Buffer): string {
  const path = join(dir, `f${++counter}.csv`);
  writeFileSync(path, content);
  return path;
}

const HEADER = "product_id,product_name,category,discounted_price,actual_price,discount_percentage,rating";

function caught(fn: () => unknown): ListingFileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ListingFileError) return err;
    throw err;
  }
  throw new Error("expected a ListingFileError");
}

describe("parseRupees", () => {
  it("keeps only digits and the decimal point", () => {
    expect(parseRupees("₹1,099")).toBe(1099);
    expect(parseRupees(" ₹1,49,990.50 ")).toBe(149990.5);
    expect(Number.isNaN(parseRupees(""))).toBe(true);
    expect(Number.isNaN(parseRupees("₹"))).toBe(true);
    expect(Number.isNaN(parseRupees("1.2.3"))).toBe(true);
  });
});

describe("loadAmazonCsv", () => {
  it("reads the dataset layout: short name, first category segment, MRP and street price", () => {
    const file = csvFile(
      [
        HEADER,
        'B0001,"Sennheiser CX 80S In-ear Wired Headphones with in-line One-Button Smart Remote, Black","Electronics|Headphones,Earbuds&Accessories|Headphones|In-Ear","₹1,490","₹1,990",25%,4.1',
        'B0002,"Smart Cam 360° 1080p, Wi-Fi",Electronics|HomeSecurity,"₹2,490","₹3,990",38%,4.0',
      ].join("\r\n"),
    );
    const listings = loadAmazonCsv(file);
    expect(listings).toHaveLength(2);
    const [first] = listings;
    expect(first).toEqual({
      id: "amz-2",
      name: "Sennheiser CX 80S In-ear Wired Headphones with in-line One-Button Smart Remote",
      category: "Electronics",
      listPrice: 1990,
      streetPrice: 1490,
      source: "amazon-csv",
    });
    expect(listingEconomics(first as (typeof listings)[number])).toEqual({
      buyerBudget: 1990,
      anchor: 1990,
      sellerCost: 1043,
      fairValue: 1490,
    });
    expect(listings[1]?.name).toBe("Smart Cam 360° 1080p");
  });

  it("accepts a BOM, reordered and differently-cased headers, and embedded newlines", () => {
    const file = csvFile(
      `\uFEFFActual_Price , Product_Name,Discounted_Price,Category\n"₹999","Desk lamp\nwith clamp",₹499,Home|Lighting\n`,
    );
    const [l] = loadAmazonCsv(file);
    expect(l).toMatchObject({
      name: "Desk lamp\nwith clamp",
      category: "Home",
      listPrice: 999,
      streetPrice: 499,
    });
  });

  it("skips unusable rows and reports each with its row number and reason", () => {
    const file = csvFile(
      [
        HEADER,
        "a,Good one,Cat,₹500,₹900,44%,4", // row 2
        "b,,Cat,₹500,₹900,44%,4", // row 3: empty name
        "c,No mrp,Cat,₹500,,0%,4", // row 4
        "d,No street,Cat,,₹900,0%,4", // row 5
        "e,Zero mrp,Cat,₹500,₹0,0%,4", // row 6
        "f,Zero street,Cat,₹0,₹900,100%,4", // row 7
        "g,Same price,Cat,₹900,₹900,0%,4", // row 8
        "h,Dearer street,Cat,₹950,₹900,0%,4", // row 9
        "i,Short row", // row 10
        "j,Empty category,,₹100,₹200,50%,4", // row 11
      ].join("\n"),
    );
    const { listings, skipped } = loadAmazonCsvReport(file);
    expect(listings.map((l) => [l.id, l.name, l.category])).toEqual([
      ["amz-2", "Good one", "Cat"],
      ["amz-11", "Empty category", "unknown"],
    ]);
    expect(skipped).toEqual([
      { row: 3, reason: "empty product_name" },
      { row: 4, reason: "missing or unreadable actual_price" },
      { row: 5, reason: "missing or unreadable discounted_price" },
      { row: 6, reason: "actual_price is not positive" },
      { row: 7, reason: "discounted_price is not positive" },
      { row: 8, reason: "discounted_price is not below actual_price" },
      { row: 9, reason: "discounted_price is not below actual_price" },
      { row: 10, reason: "missing or unreadable actual_price" },
    ]);
  });

  it("throws for a missing file, naming it", () => {
    const missing = join(dir, "nope.csv");
    const e = caught(() => loadAmazonCsv(missing));
    expect(e.file).toBe(missing);
    expect(e.row).toBeNull();
    expect(e.message).toContain(missing);
    expect(e.reason).toBe("file not found");
  });

  it("throws for a path that cannot be read as a file", () => {
    const e = caught(() => loadAmazonCsv(dir));
    expect(e.file).toBe(dir);
    expect(e.message).toContain(dir);
  });

  it("throws for a file without read permission when permissions are enforced", () => {
    const file = csvFile(`${HEADER}\na,Item,Cat,₹1,₹2,50%,4\n`);
    chmodSync(file, 0o000);
    const enforced = typeof process.getuid === "function" && process.getuid() !== 0;
    if (enforced) {
      const e = caught(() => loadAmazonCsv(file));
      expect(e.message).toContain(file);
      expect(e.reason).toMatch(/cannot read/);
    } else {
      // Root reads anything, so the file loads normally.
      expect(loadAmazonCsv(file)).toHaveLength(1);
    }
  });

  it("throws for bytes that are not UTF-8", () => {
    const file = csvFile(
      Buffer.concat([Buffer.from(`${HEADER}\na,Caf`), Buffer.from([0xe9]), Buffer.from(",C,1,2\n")]),
    );
    const e = caught(() => loadAmazonCsv(file));
    expect(e.reason).toMatch(/UTF-8/);
  });

  it("throws at row 1 when required columns are missing, listing them", () => {
    const file = csvFile("product_name,price\nThing,₹100\n");
    const e = caught(() => loadAmazonCsv(file));
    expect(e.row).toBe(1);
    expect(e.message).toContain(file);
    expect(e.message).toContain("row 1");
    expect(e.reason).toContain("category");
    expect(e.reason).toContain("actual_price");
    expect(e.reason).toContain("discounted_price");
    expect(e.reason).not.toContain("product_name");
  });

  it("throws for unbalanced quotes, naming the row", () => {
    const file = csvFile(`${HEADER}\na,Fine,C,₹1,₹2,50%,4\nb,"Broken,C,₹1,₹2,50%,4\nc,Next,C,₹1,₹2,50%,4\n`);
    const e = caught(() => loadAmazonCsv(file));
    expect(e.row).toBe(3);
    expect(e.message).toContain(`${file}, row 3`);
  });

  it("throws when no row is usable, and for an empty file", () => {
    const allBad = csvFile(`${HEADER}\na,X,C,₹5,₹5,0%,4\n`);
    expect(caught(() => loadAmazonCsv(allBad)).reason).toMatch(/no usable listings/);
    const headerOnly = csvFile(`${HEADER}\n`);
    expect(caught(() => loadAmazonCsv(headerOnly)).reason).toMatch(/no usable listings/);
    const empty = csvFile("");
    expect(caught(() => loadAmazonCsv(empty)).reason).toBe("file is empty");
  });

  it("loads a generated dataset-sized file of about 1,400 rows", () => {
    const lines = [`${HEADER},about_product`];
    for (let i = 0; i < 1400; i++) {
      const mrp = 500 + i * 37;
      const street = Math.round(mrp * 0.6);
      const skip = i % 100 === 99;
      lines.push(
        `P${i},"Product ${i}, variant ""${i % 7}"", colour ${i % 5}",Cat${i % 13}|Sub${i % 3},` +
          `"₹${street.toLocaleString("en-IN")}","₹${(skip ? street : mrp).toLocaleString("en-IN")}",40%,4.${i % 10},` +
          `"Line one of notes\nline two, with comma"`,
      );
    }
    const file = csvFile(lines.join("\r\n"));
    const { listings, skipped } = loadAmazonCsvReport(file);
    expect(listings).toHaveLength(1386);
    expect(skipped).toHaveLength(14);
    expect(skipped[0]).toEqual({ row: 101, reason: "discounted_price is not below actual_price" });
    expect(listings[0]).toMatchObject({ id: "amz-2", name: "Product 0", category: "Cat0", listPrice: 500 });
    expect(listings.at(-1)).toMatchObject({
      id: "amz-1400",
      name: "Product 1398",
      listPrice: 500 + 1398 * 37,
    });
  });
});
