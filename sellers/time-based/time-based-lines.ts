import type { RuleLines } from "../seller-lines";

/** Calm, matter-of-fact shopkeeper wording shared by the four time-dependent sellers (our own words). */
export const TIME_BASED_LINES: RuleLines = {
  open: [
    "This {item} is {price}. Take a good look.",
    "{price} for the {item}. Quality like this does not sit on the shelf long.",
  ],
  counter: [
    "I can come to {price}.",
    "{price} is what I can do right now.",
    "Let me say {price} and we'll see.",
  ],
  accept: ["Agreed, {price}. It's yours.", "Fine, {price}. Pleasure doing business."],
  quiet: ["I really cannot move further.", "That is as far as this goes today."],
  quietAccept: ["Alright, your price it is. It's yours."],
};
