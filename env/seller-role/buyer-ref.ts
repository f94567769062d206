import { z } from "zod";

/** Identity of an exact, immutable buyer release (buyers/versions.lock.json): the seller role's opponent. */
export const BuyerRef = z.object({ id: z.string(), version: z.number().int(), hash: z.string() }).strict();
export type BuyerRef = z.infer<typeof BuyerRef>;

export const buyerKey = (ref: BuyerRef): string => `${ref.id}@${ref.version}`;
