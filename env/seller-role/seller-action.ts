import { z } from "zod";

export const SellerActionType = z.enum(["counter", "accept", "walk"]);

/**
 * A seller agent's move (seller role). `price` is read for counters only; a missing or
 * non-finite counter price is a recorded correction (penalised), not a schema error, like the
 * buyer side. `accept` takes the buyer's standing offer. `metadata` as on the buyer action.
 */
export const SellerAction = z
  .object({
    action_type: SellerActionType,
    price: z.number().nullable().optional(),
    message: z.string().max(2000).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type SellerAction = z.infer<typeof SellerAction>;
