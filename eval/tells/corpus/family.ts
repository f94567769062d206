/** The script a corpus row is written in: per-language numbers in the eval come from this. */
export type CorpusLang = "en" | "hi-Latn" | "hi-Deva" | "mixed";

/**
 * One voice of the corpus: who talks (stall keeper, OLX poster, e-commerce listing, LLM
 * seller…), in which language and register. Templates use the markup of markup.ts and
 * `{slot}` markers filled from `slots`. A family's templates are its own: no sentence
 * of one family is a paraphrase written for another, so holding a family out of training
 * measures how the extractor reads a voice it has never seen.
 */
export interface Family {
  id: string;
  lang: CorpusLang;
  /** Templates carrying at least one labelled cue. */
  cues: readonly string[];
  /** Templates with no cue that look like one: negations, prices, logistics, condition words about something else. */
  negatives: readonly string[];
  /** Neutral carrier fragments (greetings, prices, logistics) joined around a cue or a negative. */
  fillers: readonly string[];
  /** How this voice glues fragments together. */
  joins: readonly string[];
  slots: Readonly<Record<string, readonly string[]>>;
  /** WhatsApp-style typing noise applied outside labelled phrases' markup heads. */
  typos?: boolean;
}
