import { z } from "zod";

/** Parameters of a time-dependent seller, as released in sellers/versions/*.json. */
export const TimeBasedParams = z
  .object({
    /** Concession exponent: 0 Hardliner, 0.2 Boulware, 1 Linear, 2 Conceder. */
    e: z.number().min(0).max(50),
    /** Share of the ceiling-to-reservation gap already conceded at t = 0. */
    k: z.number().min(0).max(1),
    /**
     * "next": accept an offer at or above the price this seller would quote next round
     * (GENIUS AC_next: waiting would bring no more); "now": only at or above this round's quote.
     */
    acceptance: z.enum(["next", "now"]),
    /** Ceiling = the task's opening ask × this. */
    anchorMultiplier: z.number().min(0.5).max(3),
    /** Reservation = seller cost × this. */
    reserveMultiplier: z.number().min(1).max(2),
  })
  .strict();
export type TimeBasedParams = z.infer<typeof TimeBasedParams>;
