import { z } from "zod";

/** One line of the conversation as both sides saw it: who, what move, what price, what words. */
export const DialogueTurn = z.object({
  round: z.number().int().min(0),
  speaker: z.enum(["buyer", "seller"]),
  action: z.enum(["open", "offer", "counter", "accept", "walk"]),
  price: z.number().nullable(),
  message: z.string(),
});
export type DialogueTurn = z.infer<typeof DialogueTurn>;

/** The original's offer_history row, kept for graders, charts and gap shaping. */
export const OfferRow = z.object({
  round: z.number().int().min(0),
  actor: z.enum(["seller", "buyer"]),
  action: z.enum(["open", "counter", "accept", "offer", "walk"]),
  price: z.number().nullable(),
});
export type OfferRow = z.infer<typeof OfferRow>;
