import type { RuleLines } from "../seller-lines";

/** A seller who says outright that it moves only when the buyer moves (our own words). */
export const TIT_FOR_TAT_LINES: RuleLines = {
  open: [
    "The {item} is {price}. You come up, I come down. Fair?",
    "{price} for this {item}. Meet me halfway and we'll get there.",
  ],
  counter: [
    "You moved, so I move: {price}.",
    "Same step as yours. {price}.",
    "{price}. Give a little more and so will I.",
  ],
  accept: ["You met me properly. {price}, done.", "That works. {price} it is."],
  quiet: ["I have matched you as far as I can.", "No further from my side, I'm afraid."],
  quietAccept: ["You met me properly. Done at your price."],
};
