import type { ClassicPersona } from "./classic-params";

/** What each persona says. `{item}` and `{price}` are filled in by renderLine; wording is ours. */
export interface LinePools {
  open: readonly string[];
  counter: readonly string[];
  walk: readonly string[];
  accept: readonly string[];
  pressure: readonly string[];
}

export const CLASSIC_LINES: Record<ClassicPersona, LinePools> = {
  default: {
    open: [
      "Aaiye! This {item} is {price}. Honest price, no games.",
      "Look at the finish on this {item}. {price}, and that is a fair rate.",
    ],
    counter: [
      "For you I can come to {price}. That is a good price, bhai.",
      "{price} — I can't stretch much more than this.",
      "Okay, {price}. Think it over, it's worth it.",
    ],
    walk: [
      "Sorry, at that number we can't do business. Another customer is waiting.",
      "Nahi bhai, I can't go that low. Please try elsewhere.",
    ],
    accept: ["Theek hai, {price}. Good deal for both of us."],
    pressure: ["Someone was asking about this {item} just now.", "This is the last one I have in stock."],
  },
  deceptive: {
    open: [
      "This {item}? People have offered me more than {price} already. {price}, final.",
      "Selling fast today, sir. {price} — I'm practically losing money at that.",
    ],
    counter: [
      "My supplier himself charges nearly that. {price}, not less.",
      "My cousin says I'd get far more in the city market. Still, {price} for you.",
      "Many people are asking about this {item}. {price} is the rate.",
    ],
    walk: ["Forget it. I have better buyers lined up.", "No, no. Someone else will pay properly for this."],
    accept: ["Arre, you're hurting me... okay, {price}. But don't tell anyone this price!"],
    pressure: [
      "I'm shutting the stall soon, decide quickly.",
      "A customer was about to take this ten minutes ago.",
      "My family keeps telling me not to sell this cheap.",
    ],
  },
  impatient: {
    open: [
      "{item}, {price}. Yes or no? I don't have all day.",
      "{price} for the {item}. Quick, quick, decide.",
    ],
    counter: [
      "Fine, {price}. Decide now.",
      "{price}. That's my last offer, people are waiting.",
      "Chalo, {price}. Don't waste my time.",
    ],
    walk: ["Too slow. I'm done here.", "No time for this. Next customer!"],
    accept: ["Done. {price}. Finally!"],
    pressure: ["Jaldi karo, I have to move on.", "You've been standing here too long, boss."],
  },
  collaborative: {
    open: [
      "Welcome, welcome! The {item} is {price}... does that sound reasonable to you?",
      "Materials were costly this season, but I want you to leave happy. How about {price} for the {item}?",
    ],
    counter: [
      "Let's meet somewhere fair for both of us: {price}.",
      "I need to cover my costs, but {price} works for me.",
      "{price} — I think we can both be happy with that.",
    ],
    walk: [
      "No problem at all. Come back anytime, my friend.",
      "I understand. Maybe next time we'll find a price.",
    ],
    accept: ["Wonderful! {price} it is. Enjoy your {item}."],
    pressure: [
      "Honestly, I need a few sales this week for the rent.",
      "I can be a little flexible if you decide today.",
    ],
  },
};

/**
 * The deceptive persona, version 2: the same tactics with more to say, so that (with
 * `avoidRepeats`) no sentence comes back in consecutive rounds. Wording is ours.
 */
export const DECEPTIVE_LINES_V2: LinePools = {
  // Version 1's lines (themselves frozen) plus new ones: the hash lock covers the spread text.
  open: [...CLASSIC_LINES.deceptive.open, "Only one {item} like this in the whole lane. For you, {price}."],
  counter: [
    ...CLASSIC_LINES.deceptive.counter,
    "You are bargaining like my own uncle! {price}, and only because you came early.",
    "Already I am giving you the festival discount. {price}.",
    "Feel the quality, then tell me it is not worth {price}.",
  ],
  walk: CLASSIC_LINES.deceptive.walk,
  accept: CLASSIC_LINES.deceptive.accept,
  pressure: [...CLASSIC_LINES.deceptive.pressure, "A shop owner from the next street wants the whole lot."],
};
