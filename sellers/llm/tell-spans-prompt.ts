import type { ChatMessage } from "../../env/chat-model";

/**
 * Prompt of the LLM span extractor: it quotes the words that carry each signal, so its
 * answer becomes highlight spans like the rules' and the model's. Few-shots are our own.
 */
const SYSTEM = `You read one message from a seller who is haggling with a buyer and point out the words that give something away. Answer with one JSON object and nothing else:
{"cues": [{"signal": "urgency" | "deception" | "confidence" | "sympathy" | "condition", "quote": "<words copied exactly from the message>", "grade": "new" | "like_new" | "very_good" | "good" | "acceptable" | "junk"}]}

Signals:
- urgency: pressure of time — now, today only, leaving soon, decide fast.
- deception: claims about other buyers, other offers, scarcity or demand that the buyer cannot check — including demand told as speed of sale ("these go fast"; urgency only if a time limit is named too), how little is left ("last two"), "you won't find it anywhere", and another buyer holding the item.
- confidence: firmness on price — fixed, final, not a rupee less, no bargaining, "nobody sells it cheaper".
- sympathy: hardship or loss — selling at or below cost (also confidence when it backs refusing to go lower), rent due, "we're a small business", "please understand my situation".
- condition: what state the item is in, including repairs it needs and warranty left; add "grade" only for condition.
Negated cues are not cues ("no rush", "koi aur nahi pooch raha", "price negotiable"). Condition words about anything but the item are not condition. The message may be English, Hindi in Devanagari, Roman Hinglish or a mix. Return {"cues": []} when nothing applies.`;

const SHOTS: readonly [string, string][] = [
  [
    "bhai kal subah nikal raha hu, do log aur puch chuke hain",
    '{"cues": [{"signal": "urgency", "quote": "kal subah nikal raha hu"}, {"signal": "deception", "quote": "do log aur puch chuke hain"}]}',
  ],
  [
    "इतने में तो लागत भी नहीं निकलती, थोड़ा समझिए",
    '{"cues": [{"signal": "sympathy", "quote": "इतने में तो लागत भी नहीं निकलती"}, {"signal": "sympathy", "quote": "थोड़ा समझिए"}]}',
  ],
  [
    "Price is firm. Small scuff on the lid, works perfectly.",
    '{"cues": [{"signal": "confidence", "quote": "Price is firm"}, {"signal": "condition", "quote": "Small scuff on the lid", "grade": "very_good"}]}',
  ],
  ["No hurry at all, my new number is in the ad, call whenever.", '{"cues": []}'],
];

export function tellSpanMessages(message: string): ChatMessage[] {
  const shots = SHOTS.flatMap(([say, answer]): ChatMessage[] => [
    { role: "user", content: `Seller: ${say}` },
    { role: "assistant", content: answer },
  ]);
  return [{ role: "system", content: SYSTEM }, ...shots, { role: "user", content: `Seller: ${message}` }];
}
