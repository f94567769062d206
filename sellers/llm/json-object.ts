/**
 * Pull one JSON object out of a model reply: reasoning blocks and code fences are dropped,
 * the outermost `{…}` is sliced out, and if strict parsing fails it is retried with
 * single-quoted strings turned into double-quoted ones and trailing commas removed.
 */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  const body = stripFences(stripThinking(text));
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  const slice = body.slice(start, end + 1);
  for (const candidate of [
    slice,
    withoutTrailingCommas(slice),
    singleQuotesAsDouble(withoutTrailingCommas(slice)),
  ]) {
    const parsed = tryParse(candidate);
    if (parsed !== null) return parsed;
  }
  return null;
}

function stripThinking(text: string): string {
  const closed = text.replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/giu, "");
  // An unclosed block (cut off by the token cap) hides everything after it.
  return closed.replace(/<think(?:ing)?>[\s\S]*$/iu, "");
}

function stripFences(text: string): string {
  const fenced = /```[a-zA-Z]*\s*([\s\S]*?)```/u.exec(text);
  return fenced?.[1] ?? text;
}

const withoutTrailingCommas = (s: string): string => s.replace(/,\s*([}\]])/gu, "$1");

// 'key': 'value' → "key": "value" (a quote inside such a string is escaped on the way).
function singleQuotesAsDouble(s: string): string {
  return s.replace(/'((?:[^'\\]|\\.)*)'(?=\s*[:,}\]])|(?<=[{,:[]\s*)'((?:[^'\\]|\\.)*)'/gu, (_m, a, b) =>
    JSON.stringify(String(a ?? b ?? "")),
  );
}

function tryParse(s: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(s);
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
