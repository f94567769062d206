import { z } from "zod";
import { SellerAction } from "../../env/seller-role/seller-action";
import { SellerObservation } from "../../env/seller-role/seller-observation";
import { ResetRequest, ResetResponse } from "../wire/reset";
import {
  BuyersResponse,
  SellerEpisodeView,
  SellerPublicState,
  SellerResetRequest,
  SellerResetResponse,
  SellerScoreResponse,
  SellerStepRequest,
  SellerStepResponse,
} from "../wire/seller-role";
import { StepRequest, StepResponse } from "../wire/step";

/**
 * The seller role's OpenAPI components, and the either-role bodies /reset and /step document:
 * the seller role is picked with `"role": "seller"` (and, on /step, a seller `action_type`).
 */
export const SELLER_ROLE_COMPONENTS = {
  SellerAction,
  SellerObservation,
  SellerResetRequest,
  SellerResetResponse,
  SellerStepRequest,
  SellerStepResponse,
  SellerState: SellerPublicState,
  SellerScoreResponse,
  SellerEpisodeView,
  BuyersResponse,
  ResetEither: z.union([ResetRequest, SellerResetRequest]),
  ResetReplyEither: z.union([ResetResponse, SellerResetResponse]),
  StepEither: z.union([StepRequest, SellerStepRequest]),
  StepReplyEither: z.union([StepResponse, SellerStepResponse]),
} satisfies Record<string, z.ZodType>;

/** GET /buyers, documented beside the buyer role's catalog routes. */
export const BUYERS_OPERATION = {
  method: "get",
  path: "/buyers",
  tag: "catalog",
  summary: "List buyers (seller role)",
  description:
    "Every released buyer the seller role can play against (id, version, content hash), the LLM buyer key forms, and the seller-role tasks.",
  ok: { description: "Buyers and seller-role tasks", schema: "BuyersResponse" },
} as const;
