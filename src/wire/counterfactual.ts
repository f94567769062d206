import { z } from "zod";
import { Action } from "../../env/action";
import { Continuation } from "../../env/branch";
import { DialogueTurn } from "../../env/dialogue";
import { SellerAction } from "../../env/seller-role/seller-action";

export { Continuation };

/** POST /episodes/:id/counterfactual: play `action` at round `from_round` instead, then continue. */
export const CounterfactualRequest = z
  .object({
    from_round: z.number().int().min(1),
    action: Action,
    continuation: Continuation.optional(),
  })
  .strict();
export type CounterfactualRequest = z.infer<typeof CounterfactualRequest>;

export const OutcomeSummary = z.object({
  outcome: z.string().nullable(),
  agreed_price: z.number().nullable(),
  rounds: z.number().int(),
  score: z.number().nullable(),
});
export type OutcomeSummary = z.infer<typeof OutcomeSummary>;

/** The branch, stored as a new episode (`episode_id`), beside the original's outcome. */
export const CounterfactualResponse = z
  .object({
    episode_id: z.string(),
    branched_from: z.string(),
    from_round: z.number().int(),
    continuation: Continuation,
    original: OutcomeSummary,
    counterfactual: OutcomeSummary,
    history: z.array(DialogueTurn),
  })
  .meta({ description: "The branch is stored as a new episode (`episode_id`)." });
export type CounterfactualResponse = z.infer<typeof CounterfactualResponse>;

/**
 * The same branch of a seller-role episode: `action` is a seller move (`action_type`), played
 * at the agent's reply in round `from_round`; the pinned buyer then answers as it would have.
 */
export const SellerCounterfactualRequest = CounterfactualRequest.extend({ action: SellerAction });
export type SellerCounterfactualRequest = z.infer<typeof SellerCounterfactualRequest>;

/** Either role's branch request, for the document: a buyer move names `type`, a seller move `action_type`. */
export const AnyCounterfactualRequest = z.union([CounterfactualRequest, SellerCounterfactualRequest]);
