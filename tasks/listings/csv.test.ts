import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";
import { ListingFileError } from "./listing-file-error";

const rows = (text: string) => parseCsv(text, "t.csv").map((r) => r.fields);

describe("parseCsv", () => {
  it("splits plain rows with LF or CRLF endings", () => {
    expect(rows("a,b\n1,2\n")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(rows("a,b\r\n1,2\r\n3,4")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
  });

  it("keeps commas, doubled quotes and line breaks inside quoted fields", () => {
    expect(rows('name,note\n"Cable, 1 m","say ""hi""\r\nthen go"\n')).toEqual([
      ["name", "note"],
      ["Cable, 1 m", 'say "hi"\r\nthen go'],
    ]);
  });

  it("numbers rows by record, header = 1, even across embedded line breaks", () => {
    const recs = parseCsv('h\n"two\nlines"\nthree\n', "t.csv");
    expect(recs.map((r) => r.row)).toEqual([1, 2, 3]);
  });

  it("drops a UTF-8 byte-order mark and keeps empty fields", () => {
    expect(rows("\uFEFFa,b,c\n,x,\n")).toEqual([
      ["a", "b", "c"],
      ["", "x", ""],
    ]);
    expect(rows("a,\n")).toEqual([["a", ""]]);
    expect(rows("a,")).toEqual([["a", ""]]);
  });

  it("skips blank lines but still counts them in row numbers", () => {
    const recs = parseCsv("h\n\nx\n", "t.csv");
    expect(recs).toEqual([
      { row: 1, fields: ["h"] },
      { row: 3, fields: ["x"] },
    ]);
  });

  it("treats a quote inside an unquoted field as a literal character", () => {
    expect(rows('5" screen,ok\n')).toEqual([['5" screen', "ok"]]);
  });

  it("rejects a quoted field that never closes, naming the row it opened on", () => {
    const attempt = () => parseCsv('h1,h2\nok,1\n"broken,2\nmore,3\n', "bad.csv");
    expect(attempt).toThrow(ListingFileError);
    try {
      attempt();
    } catch (err) {
      const e = err as ListingFileError;
      expect(e.row).toBe(3);
      expect(e.file).toBe("bad.csv");
      expect(e.message).toContain("bad.csv");
      expect(e.message).toContain("row 3");
    }
  });

  it("returns no records for empty text", () => {
    expect(parseCsv("", "t.csv")).toEqual([]);
    expect(parseCsv("\uFEFF", "t.csv")).toEqual([]);
  });
});
