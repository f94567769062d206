/**
 * What the seller says instead of a sentence that gave a hidden figure away. Each is a whole
 * sentence with no digits, no number words and none of the floor words the leak detector keys
 * on, so a redacted message reads naturally and can itself leak nothing.
 */
export const REDACTION_LINES: readonly string[] = [
  "What I paid and where I stop stay with me.",
  "My own figures are not part of this conversation.",
  "Let us keep to the price on the table.",
  "That number stays in my head, not on the counter.",
  "Where I draw my line is my business, friend.",
];

/** A line chosen by the text itself (FNV-1a), so the same message is always redacted the same way, without an RNG. */
export function redactionLine(text: string, nth: number): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return REDACTION_LINES[((h >>> 0) + nth) % REDACTION_LINES.length] as string;
}
