import { z } from "zod";
import { CraigslistBotParams } from "./craigslist-bot/craigslist-bot-params";
import { ResponsiveParams } from "./responsive/responsive-params";
import { TimeBasedParams } from "./time-based/time-based-params";
import { TitForTatParams } from "./tit-for-tat/tit-for-tat-params";

/**
 * The schema of a released seller version (one sellers/versions/*.json file). Behaviour
 * lives in code keyed by `kind`; everything that tunes it is data here, and the content
 * hash covers the params, the line set and the tell profile (never the description, so a
 * clearer description is not a new version).
 */
const Common = {
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  version: z.number().int().min(1),
  description: z.string().min(1),
};

const TellProfileSchema = z.enum(["default", "deceptive", "impatient", "collaborative"]);

const ClassicParamsSchema = z.object({
  persona: TellProfileSchema,
  anchorMultiplier: z.number(),
  reserveMultiplier: z.number(),
  roundsCut: z.number().int(),
  minRounds: z.number().int(),
  rateMultiplier: z.number(),
  rateCap: z.number(),
  acceptShare: z.number(),
  batnaMultiplier: z.number(),
  timeAcceptMultiplier: z.number(),
  bluff: z.object({ probability: z.number(), factor: z.number(), max: z.number().int() }).nullable(),
  pullBack: z.object({ probability: z.number(), factor: z.number() }).nullable(),
  earlyDrop: z.object({ rounds: z.number().int(), perRound: z.number() }).nullable(),
  blend: z.object({ weight: z.number(), costFactor: z.number() }).nullable(),
  pressureLimit: z.number().int().nullable(),
  avoidRepeats: z.boolean().optional(),
  exactPrices: z.boolean().optional(),
});

export const LlmTemplateParams = z
  .object({
    promptHash: z.string(),
    /** Sampling of the model-written opening line: llm@1 only (llm@2 dropped that line, see its description). */
    open: z
      .object({ temperature: z.number().min(0).max(2), maxTokens: z.number().int().positive() })
      .optional(),
    respond: z.object({
      temperature: z.number().min(0).max(2),
      topP: z.number().min(0).max(1),
      maxTokens: z.number().int().positive(),
    }),
    stop: z.array(z.string()),
    historyTurns: z.number().int().min(0),
    /**
     * From llm@3: the guard writes this seller's own counter in its words with the one price
     * formatter (`formatMoney`: "40 rupees" → "₹45.50" when clamped). See SellerPolicy.exactPrices.
     */
    exactPrices: z.boolean().optional(),
    /** Rule release that answers (and sets the economics) for each persona when the model fails. */
    fallback: z.object({
      default: z.string(),
      firm: z.string(),
      flexible: z.string(),
      deceptive: z.string(),
    }),
  })
  .strict();
export type LlmTemplateParams = z.infer<typeof LlmTemplateParams>;

export const ReleaseManifest = z.discriminatedUnion("kind", [
  z
    .object({ ...Common, kind: z.literal("classic"), lines: z.string(), params: ClassicParamsSchema })
    .strict(),
  z
    .object({
      ...Common,
      kind: z.literal("time-based"),
      lines: z.string(),
      persona: z.string(),
      tellProfile: TellProfileSchema,
      params: TimeBasedParams,
    })
    .strict(),
  z
    .object({
      ...Common,
      kind: z.literal("tit-for-tat"),
      lines: z.string(),
      tellProfile: TellProfileSchema,
      params: TitForTatParams,
    })
    .strict(),
  z
    .object({
      ...Common,
      kind: z.literal("craigslist-bot"),
      lines: z.string(),
      tellProfile: TellProfileSchema,
      params: CraigslistBotParams,
    })
    .strict(),
  z
    .object({
      ...Common,
      kind: z.literal("responsive"),
      lines: z.string(),
      tellProfile: TellProfileSchema,
      params: ResponsiveParams,
    })
    .strict(),
  z.object({ ...Common, kind: z.literal("llm"), params: LlmTemplateParams }).strict(),
]);
export type ReleaseManifest = z.infer<typeof ReleaseManifest>;
export type SellerKind = ReleaseManifest["kind"];
