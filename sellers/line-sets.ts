import { CLASSIC_LINES, DECEPTIVE_LINES_V2, type LinePools } from "./classic/classic-lines";
import { CRAIGSLIST_BOT_LINES } from "./craigslist-bot/craigslist-bot-lines";
import { RESPONSIVE_LINES, type ResponsiveLines } from "./responsive/responsive-lines";
import type { RuleLines } from "./seller-lines";
import { TIME_BASED_LINES } from "./time-based/time-based-lines";
import { TIT_FOR_TAT_LINES } from "./tit-for-tat/tit-for-tat-lines";

/**
 * Line sets by the name a release manifest gives them. A released set is frozen like the
 * params: new wording is a new set name and a new seller version.
 */
export const CLASSIC_LINE_SETS: Readonly<Record<string, LinePools>> = {
  "classic-default-v1": CLASSIC_LINES.default,
  "classic-deceptive-v1": CLASSIC_LINES.deceptive,
  "classic-impatient-v1": CLASSIC_LINES.impatient,
  "classic-collaborative-v1": CLASSIC_LINES.collaborative,
  "classic-deceptive-v2": DECEPTIVE_LINES_V2,
};

/** The same words said honestly (see `RuleLines.speech`): the v2 sets of every rule seller. */
const honest = <T extends RuleLines>(lines: T): T => ({ ...lines, speech: "honest" });

export const RULE_LINE_SETS: Readonly<Record<string, RuleLines>> = {
  "time-based-v1": TIME_BASED_LINES,
  "tit-for-tat-v1": TIT_FOR_TAT_LINES,
  "craigslist-bot-v1": CRAIGSLIST_BOT_LINES,
  "time-based-v2": honest(TIME_BASED_LINES),
  "tit-for-tat-v2": honest(TIT_FOR_TAT_LINES),
  "craigslist-bot-v2": honest(CRAIGSLIST_BOT_LINES),
};

export const RESPONSIVE_LINE_SETS: Readonly<Record<string, ResponsiveLines>> = {
  "responsive-v1": RESPONSIVE_LINES,
  "responsive-v2": honest(RESPONSIVE_LINES),
};

function need<T>(sets: Readonly<Record<string, T>>, name: string): T {
  const found = sets[name];
  if (found === undefined) throw new Error(`release names unknown line set "${name}"`);
  return found;
}

export const classicLineSet = (name: string): LinePools => need(CLASSIC_LINE_SETS, name);
export const ruleLineSet = (name: string): RuleLines => need(RULE_LINE_SETS, name);
export const responsiveLineSet = (name: string): ResponsiveLines => need(RESPONSIVE_LINE_SETS, name);
