import { z } from "zod";

/** Identity of an exact, immutable buyer release (buyers/versions.lock.json): the seller role's opponent. */
export const BuyerRef = z.object({ id: z.string(), version: z.number().int(), hash: z.string() }).strict();
export type BuyerRef = z.infer<typeof BuyerRef>;

export const buyerKey = (ref: BuyerRef): string => `${ref.id}@${ref.version}`;

/** The pinned buyer of a seller-role episode log (its first event), or null for a buyer-role one. */
export function sellerRoleBuyer(events: readonly { type: string; buyer?: BuyerRef }[]): BuyerRef | null {
  const first = events[0];
  return first?.type === "episode_started" && first.buyer !== undefined ? first.buyer : null;
}
