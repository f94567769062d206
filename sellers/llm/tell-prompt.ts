import type { ChatMessage } from "../../env/chat-model";

/**
 * Prompt of the optional LLM tell extractor (REFERENCE §6.5): a 9-field JSON schema, the
 * calibration rules, Hinglish and English few-shots (our own), up to three earlier lines
 * and the message to read.
 */
const SYSTEM = `You read a market seller's message and rate what it gives away about the seller. Answer with one JSON object and nothing else:
{"urgency": 0-1, "confidence": 0-1, "deception": 0-1, "offer_speed": "instant" | "normal" | "deliberate", "concession_pattern": "steady" | "erratic" | "front_loaded" | "stalling", "emotional_escalation": 0-1, "condition_score": 0-1, "depreciation_score": 0-1, "condition_label": "new" | "like_new" | "very_good" | "good" | "acceptable" | "junk" | "unknown"}

How to rate:
- Claims about other buyers, offers or scarcity (social proof) mean deception of at least 0.6.
- "Final offer", "last price", "not a rupee less" mean confidence of at least 0.7.
- Time pressure ("closing soon", "decide now") means urgency of at least 0.65.
- Firm wording scores confidence 0.75 or more; soft, hesitant wording 0.35 or less.
- Anything said about wear, damage or age lowers condition_score and raises depreciation_score; say "unknown" when condition is not mentioned (score 1, depreciation 0).`;

const SHOTS: readonly [string, string][] = [
  [
    "Bhai teen log pooch ke gaye hain, jaldi bolo warna nikal jayega.",
    '{"urgency": 0.8, "confidence": 0.6, "deception": 0.7, "offer_speed": "instant", "concession_pattern": "steady", "emotional_escalation": 0.3, "condition_score": 1, "depreciation_score": 0, "condition_label": "unknown"}',
  ],
  [
    "Yeh last price hai, ek rupaya kam nahi hoga.",
    '{"urgency": 0.3, "confidence": 0.85, "deception": 0.1, "offer_speed": "normal", "concession_pattern": "stalling", "emotional_escalation": 0.2, "condition_score": 1, "depreciation_score": 0, "condition_label": "unknown"}',
  ],
  [
    "Thoda sa use hua hai, bilkul sahi chalta hai, dekh lo.",
    '{"urgency": 0.2, "confidence": 0.5, "deception": 0.05, "offer_speed": "normal", "concession_pattern": "steady", "emotional_escalation": 0, "condition_score": 0.85, "depreciation_score": 0.1, "condition_label": "like_new"}',
  ],
  [
    "Arre itne mein toh mera ghata ho jayega, samjho na.",
    '{"urgency": 0.3, "confidence": 0.4, "deception": 0.3, "offer_speed": "deliberate", "concession_pattern": "steady", "emotional_escalation": 0.5, "condition_score": 1, "depreciation_score": 0, "condition_label": "unknown"}',
  ],
  [
    "Screen pe crack hai, isliye itna kam rakha hai.",
    '{"urgency": 0.2, "confidence": 0.5, "deception": 0, "offer_speed": "normal", "concession_pattern": "steady", "emotional_escalation": 0, "condition_score": 0.35, "depreciation_score": 0.6, "condition_label": "acceptable"}',
  ],
  [
    "I'm closing the stall in ten minutes, take it or leave it.",
    '{"urgency": 0.8, "confidence": 0.75, "deception": 0.2, "offer_speed": "instant", "concession_pattern": "front_loaded", "emotional_escalation": 0.4, "condition_score": 1, "depreciation_score": 0, "condition_label": "unknown"}',
  ],
  [
    "Maybe I could come down a little... I'm not sure.",
    '{"urgency": 0.3, "confidence": 0.3, "deception": 0, "offer_speed": "deliberate", "concession_pattern": "steady", "emotional_escalation": 0, "condition_score": 1, "depreciation_score": 0, "condition_label": "unknown"}',
  ],
  [
    "Brand new, still sealed in the box.",
    '{"urgency": 0.2, "confidence": 0.6, "deception": 0, "offer_speed": "normal", "concession_pattern": "steady", "emotional_escalation": 0, "condition_score": 1, "depreciation_score": 0, "condition_label": "new"}',
  ],
  [
    "Another customer offered more this morning, you know.",
    '{"urgency": 0.5, "confidence": 0.6, "deception": 0.7, "offer_speed": "normal", "concession_pattern": "steady", "emotional_escalation": 0.2, "condition_score": 1, "depreciation_score": 0, "condition_label": "unknown"}',
  ],
];

export function tellMessages(message: string, history: readonly string[] = []): ChatMessage[] {
  const shots = SHOTS.flatMap(([say, answer]): ChatMessage[] => [
    { role: "user", content: `Seller: ${say}` },
    { role: "assistant", content: answer },
  ]);
  const earlier = history.slice(-3);
  const context = earlier.length > 0 ? `Earlier lines:\n${earlier.join("\n")}\n\n` : "";
  return [
    { role: "system", content: SYSTEM },
    ...shots,
    { role: "user", content: `${context}Seller: ${message}` },
  ];
}
