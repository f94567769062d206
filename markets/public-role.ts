import { z } from "zod";

/**
 * The roles the public tape shows an agent in: the buyer who won a listing's unit, the seller
 * who won a request, and the requester who paid it. (A listing's seller is a house policy.)
 */
export const PublicRole = z.enum(["listing_buyer", "request_seller", "requester"]);
export type PublicRole = z.infer<typeof PublicRole>;
