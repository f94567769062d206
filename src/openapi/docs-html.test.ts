import { describe, expect, it } from "vitest";
import { renderDocsHtml } from "./docs-html";
import { buildOpenApiDocument } from "./openapi-document";

const html = renderDocsHtml(buildOpenApiDocument("0.1.0"), "0.1.0");

describe("the /docs page", () => {
  it("has the site header with a way back to the play page and the replays", () => {
    const header = /<header class=site>([\s\S]*?)<\/header>/.exec(html)?.[1] ?? "";
    expect(header).toContain('<a href="/web/">Haggle</a>');
    expect(header).toContain('<a href="/web/replay">Replays</a>');
  });

  it("names which version is the API contract's and which the server's", () => {
    expect(html).toMatch(/API contract 1\.\d+\.\d+ · server release 0\.1\.0/);
    expect(html).not.toMatch(/<h1>[^<]*API <small>/);
  });

  it("puts every table in its own horizontal scroller, so a phone page never widens", () => {
    const tables = html.match(/<table>/g)?.length ?? 0;
    expect(tables).toBeGreaterThan(10);
    expect(html.match(/<div class=scroll><table>/g)?.length).toBe(tables);
  });
});
