import { redactionLine } from "./redaction-lines";
import { clauseAround, type Span, sentenceAround } from "./sentences";

const overlaps = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;
const CLAUSE_TAIL = /[,;:—–-]\s*$/u;
const TERMINAL_TAIL = /[.!?…।"')]\s*$/u;

/**
 * Replaces the sentence holding each leak with a natural line. When that sentence also quotes
 * a figure that must stay (`keep`), only the leaking clause goes, so "₹45 is fair, I paid 30."
 * becomes "₹45 is fair. <line>". Text left over always reads as whole sentences: a clause cut
 * from the front leaves the rest capitalised, one cut from the back leaves a full stop.
 */
export function redactSpans(
  text: string,
  leaks: readonly Span[],
  keep: readonly Span[],
  numbers: readonly Span[],
): string {
  const regions = mergeRegions(
    text,
    leaks.map((leak) => {
      const sentence = sentenceAround(text, leak, numbers);
      if (!keep.some((k) => overlaps(k, sentence))) return sentence;
      const clause = clauseAround(text, leak, sentence, numbers);
      return keep.some((k) => overlaps(k, clause)) ? sentence : clause;
    }),
  );
  let out = "";
  let at = 0;
  regions.forEach((r, nth) => {
    out += joinBefore(continuation(text.slice(at, r.start), at, text)) + redactionLine(text, nth);
    at = r.end;
  });
  const rest = continuation(text.slice(at), at, text);
  return rest === "" || /^\s/u.test(rest) ? out + rest : `${out} ${rest}`;
}

/** Sorted, with regions that touch (or are divided only by spaces and commas) made one. */
function mergeRegions(text: string, regions: Span[]): Span[] {
  const sorted = [...regions].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const r of sorted) {
    const prev = out[out.length - 1];
    if (prev !== undefined && (r.start <= prev.end || /^[\s,;:—–-]*$/u.test(text.slice(prev.end, r.start))))
      prev.end = Math.max(prev.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** Text that followed a cut clause continues a sentence that now starts afresh: capitalise it. */
function continuation(piece: string, at: number, text: string): string {
  if (at === 0 || !CLAUSE_TAIL.test(text.slice(0, at))) return piece;
  const lead = piece.length - piece.trimStart().length;
  return piece.slice(lead, lead + 1).toUpperCase() + piece.slice(lead + 1);
}

/** Text before a cut clause ends its sentence there: a trailing comma becomes a full stop. */
function joinBefore(piece: string): string {
  if (piece.trim() === "") return piece;
  const space = /[ \t\r\n]+$/u.exec(piece)?.[0] ?? " ";
  const body = piece.replace(/[ \t\r\n,;:—–-]+$/u, "");
  return (TERMINAL_TAIL.test(body) ? body : `${body}.`) + space;
}
