/**
 * Sentence and clause edges in a seller's message, for cutting out exactly the part that holds
 * a leak. A full stop inside a number ("3 1 . 5") or after an abbreviation ("Rs. 500") ends
 * nothing.
 */
export interface Span {
  start: number;
  end: number;
}

const TERMINAL = new Set([".", "!", "?", "…", "।", "\n"]);
const CLAUSE = new Set([",", ";", ":", "—", "–"]);
const ABBREVIATIONS = /(?:^|[^\p{L}])(?:rs|inr|no|nos|mr|mrs|ms|dr|st|vs|approx|etc|e\.g|i\.e|qty|pcs)$/iu;
const isSpace = (c: string | undefined): boolean => c === " " || c === "\t" || c === "\r" || c === "\n";

function inside(spans: readonly Span[], i: number): boolean {
  for (const s of spans) if (i >= s.start && i < s.end) return true;
  return false;
}

/** Does the sentence end at index i (a terminal mark followed by space or the end of text)? */
function endsSentence(text: string, i: number, numbers: readonly Span[]): boolean {
  const c = text[i] as string;
  if (!TERMINAL.has(c) || inside(numbers, i)) return false;
  if (c === "\n") return true;
  const next = text[i + 1];
  if (next !== undefined && !isSpace(next) && !TERMINAL.has(next) && next !== '"' && next !== ")")
    return false;
  return c !== "." || !ABBREVIATIONS.test(text.slice(Math.max(0, i - 8), i));
}

function endsClause(text: string, i: number, numbers: readonly Span[]): boolean {
  const c = text[i] as string;
  if (!CLAUSE.has(c) || inside(numbers, i)) return false;
  return c === "—" || c === "–" || isSpace(text[i + 1]) || i + 1 === text.length;
}

type Edge = (text: string, i: number, numbers: readonly Span[]) => boolean;

/** Start of the unit holding `at`: just after the previous edge and its spaces, but not before `floor`. */
function unitStart(text: string, at: number, floor: number, numbers: readonly Span[], edge: Edge): number {
  let i = at - 1;
  while (i >= floor && !edge(text, i, numbers)) i--;
  let s = i + 1;
  while (s < at && isSpace(text[s])) s++;
  return Math.max(s, floor);
}

/** End of the unit holding `at`: just after the next edge mark (and any marks or closing quotes following it), or `ceil`. */
function unitEnd(text: string, at: number, ceil: number, numbers: readonly Span[], edge: Edge): number {
  let i = at;
  while (i < ceil && !edge(text, i, numbers)) i++;
  if (i >= ceil) return ceil;
  if (text[i] === "\n") return i;
  i++;
  while (
    i < ceil &&
    text[i] !== "\n" &&
    (TERMINAL.has(text[i] as string) || text[i] === '"' || text[i] === ")")
  )
    i++;
  return i;
}

export function sentenceAround(text: string, span: Span, numbers: readonly Span[]): Span {
  return {
    start: unitStart(text, span.start, 0, numbers, endsSentence),
    end: unitEnd(text, span.end, text.length, numbers, endsSentence),
  };
}

/** The clause holding `span` within `sentence` (commas, semicolons, colons and dashes divide clauses). */
export function clauseAround(text: string, span: Span, sentence: Span, numbers: readonly Span[]): Span {
  return {
    start: unitStart(text, span.start, sentence.start, numbers, endsClause),
    end: unitEnd(text, span.end, sentence.end, numbers, endsClause),
  };
}
