import type { RuleLines } from "../seller-lines";

/** Classified-ad seller register: short, a little casual (our own words). */
export const CRAIGSLIST_BOT_LINES: RuleLines = {
  open: [
    "Hi! The {item} is still available, asking {price}.",
    "Yes, still have the {item}. {price} and it's yours.",
  ],
  counter: ["Hmm, I could do {price}.", "How about {price}? Works for me.", "Meet me at {price}?"],
  final: [
    "Final call: {price}, then I'm listing it again.",
    "Last offer from me, {price}. Take it or leave it.",
  ],
  accept: ["Deal at {price}. When can you pick it up?", "Sounds good, {price}."],
  quiet: ["That's really as low as I can go.", "Sorry, I can't do any better than that."],
  quietAccept: ["Okay, deal at your number. When can you pick it up?"],
};
