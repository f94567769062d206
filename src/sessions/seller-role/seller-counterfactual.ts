import { type ResolvedBuyer, resolveBuyer, UnknownBuyerReleaseError } from "../../../buyers/registry";
import { type EpisodeState, replayEvents } from "../../../env/episode-state";
import { EngineError, type EpisodeRuntime } from "../../../env/episode-step";
import { observe } from "../../../env/observe";
import type { SellerPolicy } from "../../../env/seller-policy";
import { type BuyerRef, buyerKey } from "../../../env/seller-role/buyer-ref";
import {
  agentReplies,
  type BuyerDecide,
  branchSellerEpisodeLog,
} from "../../../env/seller-role/seller-branch";
import { sellerRecord } from "../../../env/seller-role/seller-record";
import { resolveSeller, UnknownSellerError } from "../../../sellers/registry";
import type { StoredEpisode } from "../../storage/episode-store";
import type { OutcomeSummary, SellerCounterfactualRequest } from "../../wire/counterfactual";
import type { CounterfactualBranch } from "../counterfactual";
import { ServiceError } from "../service-error";

const cannotReproduce = (ep: StoredEpisode, what: string): ServiceError =>
  new ServiceError(
    "VALIDATION_ERROR",
    `Episode ${ep.id} was played ${what}; it can be read but not branched.`,
    409,
  );

/**
 * The exact buyer release a seller-role episode was played against. Only code buyers: asking
 * an LLM buyer again cannot reproduce what it said, so those episodes are read-only (as
 * buyer-role episodes against LLM sellers are).
 */
function pinnedBuyer(ep: StoredEpisode, ref: BuyerRef): ResolvedBuyer {
  let buyer: ResolvedBuyer;
  try {
    buyer = resolveBuyer(buyerKey(ref));
  } catch (err) {
    if (err instanceof UnknownBuyerReleaseError) {
      throw cannotReproduce(ep, `against ${buyerKey(ref)}, which is not a code buyer release`);
    }
    throw err;
  }
  if (buyer.ref.hash !== ref.hash) {
    throw cannotReproduce(ep, `against ${buyerKey(ref)} (${ref.hash}), which this build does not have`);
  }
  return buyer;
}

/** The exact seller persona whose numbers the agent held. */
function pinnedPersona(ep: StoredEpisode): SellerPolicy {
  const key = `${ep.seller.id}@${ep.seller.version}`;
  let persona: SellerPolicy;
  try {
    persona = resolveSeller(key);
  } catch (err) {
    if (err instanceof UnknownSellerError) throw cannotReproduce(ep, `with persona ${key}`);
    throw err;
  }
  if (persona.ref.hash !== ep.seller.hash) {
    throw cannotReproduce(ep, `with persona ${key} (${ep.seller.hash}), which this build does not have`);
  }
  return persona;
}

/** The pinned buyer asked exactly as the live run asked it (same observation and decision index). */
const decideWith =
  (buyer: ResolvedBuyer): BuyerDecide =>
  async (s, step) =>
    (await buyer.policy.act(observe(s), { seed: s.spec.seed, episode: s.spec.episode, step })).action;

function summary(s: EpisodeState, rounds: number): OutcomeSummary {
  const record = sellerRecord(s);
  return {
    outcome: record?.outcome ?? null,
    agreed_price: record?.agreed_price ?? null,
    rounds,
    score: record?.score ?? null,
  };
}

/**
 * Branch a stored seller-role episode (env/seller-role/seller-branch.ts) against the exact
 * buyer and persona it was played with. Scores are the seller's (its record's episode score).
 */
export async function branchSellerEpisode(
  ep: StoredEpisode,
  buyerRef: BuyerRef,
  input: SellerCounterfactualRequest,
  branchId: string,
): Promise<CounterfactualBranch> {
  const buyer = pinnedBuyer(ep, buyerRef);
  const rt: EpisodeRuntime = { seller: pinnedPersona(ep), grade: null, buyer: buyer.ref };
  const replies = agentReplies(ep.events);
  const k = input.from_round;
  const continuation = input.continuation ?? "greedy";
  let state: EpisodeState | null;
  try {
    state = await branchSellerEpisodeLog(
      ep.events,
      k,
      input.action,
      continuation,
      branchId,
      rt,
      decideWith(buyer),
    );
  } catch (err) {
    if (err instanceof EngineError) throw new ServiceError("VALIDATION_ERROR", err.message);
    throw err;
  }
  if (state === null) {
    const rounds = replies.map((r) => r.round);
    throw new ServiceError(
      "VALIDATION_ERROR",
      `Episode ${ep.id} has seller replies in rounds ${rounds.length === 0 ? "none" : rounds.join(", ")}; from_round ${k} is not one of them.`,
      undefined,
      { loc: ["body", "from_round"], rounds: rounds.length },
    );
  }
  const original = replayEvents(ep.events, null);
  return {
    state,
    from_round: k,
    continuation,
    original: summary(original, original.round),
    counterfactual: summary(state, state.round),
    history: state.dialogue.filter((t) => t.round >= k),
  };
}
