import type { RuleLines } from "../seller-lines";

/** The responsive seller's words (our own): a shopkeeper who notices how the buyer bargains. */
export interface ResponsiveLines extends RuleLines {
  /** Answer to a buyer who moved up: acknowledges the gesture. */
  reciprocate: readonly string[];
  /** Invented rivals and fake urgency, said on bluffing turns. */
  bluff: readonly string[];
  walk: readonly string[];
}

export const RESPONSIVE_LINES: ResponsiveLines = {
  open: [
    "The {item} is {price}. Have a proper look before you say anything.",
    "For the {item} I am asking {price}. It is worth every rupee.",
    "{price} for this {item}. Make me a sensible offer.",
  ],
  counter: [
    "I can do {price}.",
    "{price}, and that is me being reasonable.",
    "Come up a little and I'll meet you: {price}.",
  ],
  reciprocate: [
    "You moved, so I'll move too: {price}.",
    "Fair enough, you came up. {price} from my side.",
    "Now we are talking. I'll come down to {price}.",
  ],
  accept: ["Done at {price}. Take it home.", "Alright, {price}. We have a deal."],
  quiet: ["I have come down as far as I can go.", "There is nothing left to give on this one."],
  quietAccept: ["Alright, we have a deal. Take it home."],
  bluff: [
    "Another customer offered more this morning, you know.",
    "I have two people coming back for this after lunch.",
    "My supplier has already raised the price on the next lot.",
  ],
  walk: ["No, this is not serious bargaining. Please try another shop.", "I'm done here. Good day to you."],
};
