import type { OpenApiDocument } from "./openapi-document";

type Json = Record<string, unknown>;

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

/** Inline `code` spans in our own descriptions; everything else is escaped. */
const prose = (s: string): string => escapeHtml(s).replace(/`([^`]+)`/g, "<code>$1</code>");

const refName = (ref: string): string => ref.slice(ref.lastIndexOf("/") + 1);
const anchor = (name: string): string => `schema-${name}`;

function typeLabel(schema: unknown): string {
  if (schema === null || typeof schema !== "object") return "any";
  const s = schema as Json;
  if (typeof s.$ref === "string") {
    const name = refName(s.$ref);
    return `<a href="#${anchor(name)}">${escapeHtml(name)}</a>`;
  }
  if (Array.isArray(s.enum))
    return s.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(" | ");
  if (s.const !== undefined) return `<code>${escapeHtml(JSON.stringify(s.const))}</code>`;
  for (const key of ["anyOf", "oneOf"]) {
    const alts = s[key];
    if (Array.isArray(alts)) return alts.map(typeLabel).join(" | ");
  }
  const types = Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type];
  if (types.includes("array")) {
    const rest = types.filter((t) => t !== "array");
    return [`${typeLabel(s.items)}[]`, ...rest.map((t) => escapeHtml(String(t)))].join(" | ");
  }
  return types.length === 0 ? "any" : types.map((t) => escapeHtml(String(t))).join(" | ");
}

function constraints(s: Json): string {
  const parts: string[] = [];
  for (const [key, label] of [
    ["minimum", "≥"],
    ["maximum", "≤"],
    ["exclusiveMinimum", ">"],
    ["exclusiveMaximum", "<"],
    ["minLength", "min length"],
    ["maxLength", "max length"],
  ] as const) {
    if (typeof s[key] === "number") parts.push(`${label} ${s[key]}`);
  }
  return parts.join(", ");
}

/** On a phone a wide table scrolls inside its own box instead of widening the page. */
const table = (inner: string): string => `<div class=scroll><table>${inner}</table></div>`;

function fieldsTable(schema: Json): string {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const rows = Object.entries(props).map(([name, p]) => {
    const notes = [typeof p.description === "string" ? prose(p.description) : "", escapeHtml(constraints(p))]
      .filter(Boolean)
      .join("<br>");
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? " <span class=req>required</span>" : ""}</td><td>${typeLabel(p)}</td><td>${notes}</td></tr>`;
  });
  if (rows.length === 0) return `<p>${typeLabel(schema)}</p>`;
  const extra =
    schema.additionalProperties === false
      ? "<p class=note>No other keys are accepted.</p>"
      : "<p class=note>Other keys are allowed.</p>";
  return `${table(`<thead><tr><th>field</th><th>type</th><th>notes</th></tr></thead><tbody>${rows.join("")}</tbody>`)}${extra}`;
}

function schemaOfContent(content: unknown): unknown {
  if (content === null || typeof content !== "object") return undefined;
  const first = Object.values(content as Json)[0] as Json | undefined;
  return first?.schema;
}

function operationHtml(path: string, method: string, op: Json): string {
  const params = (op.parameters ?? []) as Json[];
  const body = op.requestBody as Json | undefined;
  const responses = (op.responses ?? {}) as Record<string, Json>;
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code> <span class=where>${escapeHtml(String(p.in))}</span>${p.required ? " <span class=req>required</span>" : ""}</td><td>${prose(String(p.description ?? ""))}</td></tr>`,
    )
    .join("");
  const respRows = Object.entries(responses)
    .map(
      ([status, r]) =>
        `<tr><td><code>${escapeHtml(status)}</code></td><td>${prose(String(r.description ?? ""))}</td><td>${r.content ? typeLabel(schemaOfContent(r.content)) : ""}</td></tr>`,
    )
    .join("");
  return `<section class=op id="${escapeHtml(`${method}-${path}`)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> — ${escapeHtml(String(op.summary ?? ""))}</h3>
<p>${prose(String(op.description ?? ""))}</p>
${paramRows ? `<h4>Parameters</h4>${table(`<tbody>${paramRows}</tbody>`)}` : ""}
${body ? `<h4>Request body</h4><p>${typeLabel(schemaOfContent(body.content))}</p>` : ""}
<h4>Responses</h4>${table(`<thead><tr><th>status</th><th>meaning</th><th>body</th></tr></thead><tbody>${respRows}</tbody>`)}
</section>`;
}

/** The page's one inline stylesheet; /docs allows exactly it by hash in its CSP. */
export const DOCS_STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto 2rem;padding:0 1rem;color:#1d1d1f}
header.site{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline;justify-content:space-between;padding:.6rem 0;border-bottom:1px solid #e4e4e7;margin-bottom:1rem}
header.site a{font-weight:600}.brand{font-weight:800;margin:0}.versions{color:#666;font-size:13px}
.scroll{overflow-x:auto;max-width:100%}td,th{overflow-wrap:anywhere}h3{overflow-wrap:anywhere}
code{font:13px ui-monospace,monospace;background:#f2f2f4;padding:0 .25em;border-radius:3px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
.method{display:inline-block;min-width:3.5em;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:.1em .4em}
.get{background:#2f7d32}.post{background:#1565c0}.req{color:#b3261e;font-size:12px}.where{color:#666;font-size:12px}
.note{color:#666;font-size:13px}.op{border-top:1px solid #e4e4e7;padding-top:.5rem}nav a{margin-right:.75rem}`;

/**
 * GET /docs: a self-contained HTML reference rendered from the OpenAPI document (no scripts, no
 * network), with the site's header back to the play page. Two versions appear, so both are named:
 * the API contract's (changes only with the wire format) and the server's release.
 */
export function renderDocsHtml(doc: OpenApiDocument, serverVersion: string): string {
  const ops: string[] = [];
  const index: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push(operationHtml(path, method, op));
      index.push(
        `<a href="#${escapeHtml(`${method}-${path}`)}">${method.toUpperCase()} ${escapeHtml(path)}</a>`,
      );
    }
  }
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, s]) =>
        `<section id="${anchor(name)}"><h3>${escapeHtml(name)}</h3>${typeof s.description === "string" ? `<p>${prose(s.description)}</p>` : ""}${fieldsTable(s)}</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} · API reference</title><style>${DOCS_STYLE}</style></head>
<body><header class=site><p class=brand>◈ ${escapeHtml(doc.info.title)}</p>
<nav aria-label=Pages><a href="/web/">Haggle</a> <a href="/web/sell">Sell</a> <a href="/web/watch">Watch</a> <a href="/web/replay">Replays</a> <a href="/web/leaderboard">Leaderboard</a> <a href="/docs" aria-current=page>API</a></nav></header>
<h1>API reference</h1>
<p class=versions>API contract ${escapeHtml(doc.info.version)} · server release ${escapeHtml(serverVersion)}</p>
<p>${prose(doc.info.description)}</p><p>Machine-readable: <a href="/openapi.json">/openapi.json</a> · <a href="/schema">/schema</a></p>
<nav>${index.join(" ")}</nav>
<h2>Endpoints</h2>
${ops.join("\n")}
<h2>Schemas</h2>
${schemas}
</body></html>`;
}
