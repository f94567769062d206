import { z } from "zod";

export const ActionType = z.enum(["offer", "accept", "walk"]);
export type ActionType = z.infer<typeof ActionType>;

/**
 * A buyer move. `price` is only meaningful for offers; out-of-range prices are a game-rule
 * violation (penalised, clamped), not a schema error, so HTTP and WS agree (OPENENV §2.4).
 * `metadata` is accepted because OpenEnv's typed clients always send `"metadata": {}`.
 */
export const Action = z
  .object({
    type: ActionType,
    price: z.number().nullable().optional(),
    message: z.string().max(2000).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type Action = z.infer<typeof Action>;
