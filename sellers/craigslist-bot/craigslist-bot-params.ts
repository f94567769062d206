import { z } from "zod";

/** Parameters of the CraigslistBargain-style rule bot, as released in sellers/versions/*.json. */
export const CraigslistBotParams = z
  .object({
    /** Opening ask = the task's opening ask × overshoot (asks high to leave room). */
    overshoot: z.number().min(1).max(2),
    /** Bottom line = seller cost × this; the bot never quotes or accepts below it. */
    bottomLineMultiplier: z.number().min(1).max(2),
    /** Each counter moves this share of the way from the last quote toward the buyer's offer. */
    concedeFraction: z.number().min(0).max(1),
    /** An offer within this share below the next quote is close enough to take. */
    acceptWithin: z.number().min(0).max(0.2),
    /** The final call is made when at most this many rounds remain after the current one. */
    finalCallRoundsLeft: z.number().int().min(0).max(5),
    /** At the final call the bot gives up this extra share of what is left above its bottom line. */
    finalCallConcession: z.number().min(0).max(1),
  })
  .strict();
export type CraigslistBotParams = z.infer<typeof CraigslistBotParams>;
