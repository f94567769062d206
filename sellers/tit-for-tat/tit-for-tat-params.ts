import { z } from "zod";

/** Parameters of the tit-for-tat seller, as released in sellers/versions/*.json. */
export const TitForTatParams = z
  .object({
    /**
     * "relative": give back the buyer's last raise as a share of its previous offer, applied
     * to the seller's own last quote (a 10 % raise earns a 10 % cut), so the mirror is fair
     * at any price scale. "absolute": give back the same number of rupees.
     */
    mode: z.enum(["relative", "absolute"]),
    /** Mirror factor: 1 repays a concession in full, 0.5 repays half. */
    scale: z.number().min(0).max(3),
    /** Share of the ceiling-to-reservation gap given on the first counter, before the buyer has moved. */
    openingConcession: z.number().min(0).max(1),
    anchorMultiplier: z.number().min(0.5).max(3),
    reserveMultiplier: z.number().min(1).max(2),
  })
  .strict();
export type TitForTatParams = z.infer<typeof TitForTatParams>;
