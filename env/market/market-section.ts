import { z } from "zod";

/**
 * The public side of a market the buyer's episode sits in (marketplace_arena from @4): the
 * pinned seller offers `units_total` units to the agent and to a field of rival buyers, each in
 * a private thread. The agent sees only what a public tape shows: how many units are left and
 * the prices units sold at, stamped with the agent's own round. Never a rival's offers, words,
 * engagement or count.
 */
export const MarketSale = z
  .object({
    /** The agent's round after which the sale was public. */
    round: z.number().int().min(0),
    price: z.number().positive(),
  })
  .strict();
export type MarketSale = z.infer<typeof MarketSale>;

export const MarketSection = z
  .object({
    units_total: z.number().int().min(1),
    units_left: z.number().int().min(0),
    /** Every sale so far, oldest first. */
    sales: z.array(MarketSale),
  })
  .strict();
export type MarketSection = z.infer<typeof MarketSection>;

/** A pinned release, as sellers and buyers are named: id@version plus its content hash. */
export const ReleaseRef = z.object({ id: z.string(), version: z.number().int(), hash: z.string() });

/**
 * The market terms an episode spec carries: the units, the agent's think time on the virtual
 * clock, and the rival field this seed drew (provenance: ids@version+hash). The spec is shown
 * in full only once the run is over, like the seller's economics.
 */
export const MarketTerms = z
  .object({
    units: z.number().int().min(1),
    /** Virtual milliseconds between two of the agent's moves; rivals act on the same clock. */
    tick_ms: z.number().int().min(1),
    /** The field release the rivals were drawn from. */
    field: ReleaseRef,
    /** One entry per rival, in roster order. */
    rivals: z.array(ReleaseRef),
  })
  .strict();
export type MarketTerms = z.infer<typeof MarketTerms>;

/**
 * What the episode log records when the public tape moved during one of the agent's rounds (on
 * the seller's reply of that round, the step's last event): the sales that became public and
 * the units left. Rivals' private moves never enter the agent's log.
 */
export const MarketMoved = z
  .object({
    units_left: z.number().int().min(0),
    sales: z.array(MarketSale),
  })
  .strict();
export type MarketMoved = z.infer<typeof MarketMoved>;

/**
 * The market beside an episode, as the engine consumes it: the public section after the agent's
 * round `round` on the virtual clock. Pure and deterministic (a task builds it from the seed and
 * the episode's opening), so replaying an episode's buyer moves regenerates the same events.
 */
export interface MarketFeed {
  at(round: number): MarketSection;
}

export const openingSection = (terms: MarketTerms): MarketSection => ({
  units_total: terms.units,
  units_left: terms.units,
  sales: [],
});
