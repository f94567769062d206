import { z } from "zod";

/**
 * Parameters of the responsive seller, as released in sellers/versions/*.json. The per-seed
 * hidden type (env/seller-type.ts) sets how it concedes; these set the rules it reacts by.
 */
export const ResponsiveParams = z
  .object({
    /** Opening ask = the task's anchor × this (never below 1.05 × the floor). */
    anchorMultiplier: z.number().min(0.5).max(3),
    /** Accept any offer within this share of the counter it would make. */
    acceptSlack: z.number().min(0).max(0.2),
    /** Offers below this share of the floor are insults: they raise the walk risk. */
    insultShare: z.number().min(0).max(1),
    /** A buyer raise smaller than this share of the opening ask counts as stalling. */
    stallShare: z.number().min(0).max(0.2),
    /** Walk hazard added per consecutive stalling round, in units of the type's walk risk. */
    stallWeight: z.number().min(0).max(2),
    /** Share of the ask-to-floor gap the seller still aims to keep after a generous first offer (anchoring). */
    anchorPull: z.number().min(0).max(1),
    /** Random wobble of each counter, as a share of the ask-to-floor gap. */
    jitter: z.number().min(0).max(0.2),
    /** Upper bound on the walk chance of a single round. */
    hazardCap: z.number().min(0).max(1),
  })
  .strict();
export type ResponsiveParams = z.infer<typeof ResponsiveParams>;
