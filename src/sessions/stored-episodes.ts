import { ENGINE_VERSION } from "../../env/engine-version";
import { sellerRoleBuyer } from "../../env/seller-role/buyer-ref";
import { episodeView } from "../boundary/episode-view";
import { type StoredEpisodeFacts, storedEpisodeOver, storedRevealed } from "../boundary/reveal";
import { sellerEpisodeView } from "../boundary/seller-role-views";
import type { StoredEpisode } from "../storage/episode-store";
import type { Storage } from "../storage/storage";
import type { StoreWriter } from "../storage/store-writer";
import type { CounterfactualResponse, SellerCounterfactualRequest } from "../wire/counterfactual";
import type { EpisodeListResponse } from "../wire/episode-list";
import type { EpisodeView } from "../wire/episode-view";
import type { SellerEpisodeView } from "../wire/seller-role";
import { branchEpisode, type CounterfactualInput } from "./counterfactual";
import { newEpisodeId } from "./ids";
import { branchSellerEpisode } from "./seller-role/seller-counterfactual";
import { ServiceError } from "./service-error";
import { episodeNotFound } from "./session-errors";
import { requireRecordedTellsModel } from "./stored-runtime";

/** A branch move in the other role's shape: said plainly, before anything is replayed. */
function roleMismatch(id: string, sellerRole: boolean): ServiceError {
  const msg = sellerRole
    ? `Episode ${id} is a seller-role episode: branch it with a seller move, action {"action_type": "counter" | "accept" | "walk", "price"?, "message"?}.`
    : `Episode ${id} is a buyer-role episode: branch it with a buyer move, action {"type": "offer" | "accept" | "walk", "price"?, "message"?}.`;
  return new ServiceError("VALIDATION_ERROR", msg, 422, { loc: ["body", "action"] });
}

/**
 * Reads of stored episodes (replay, the list, counterfactual branches). Who may read what is
 * the boundary's rule (src/boundary/reveal.ts); this finds the facts it needs in storage.
 */
export class StoredEpisodes {
  constructor(
    private readonly store: Storage,
    private readonly writer: StoreWriter,
    private readonly now: () => number,
  ) {}

  /**
   * A stored episode for a reader. Anyone with its id may read an episode that is over; one
   * still being played only with its own session id (and then only the buyer's view).
   */
  episode(id: string, sessionId?: string): EpisodeView {
    const view = this.episodeOf(id, sessionId);
    if ("role" in view) throw new ServiceError("VALIDATION_ERROR", "This is a seller-role episode.", 409);
    return view;
  }

  /** Either role's episode: a seller-role log gets the seller's projection (the buyer's would show its budget). */
  episodeOf(id: string, sessionId?: string): EpisodeView | SellerEpisodeView {
    const { ep, facts } = this.withAccess(id);
    if (!storedEpisodeOver(facts) && sessionId !== ep.session_id) throw episodeNotFound(id);
    const buyer = sellerRoleBuyer(ep.events);
    return buyer === null ? episodeView(ep, facts) : sellerEpisodeView(ep, buyer, facts);
  }

  /** The newest episodes whose run is over: what anyone may replay. Never a live one, never a session id. */
  recent(limit: number): EpisodeListResponse {
    return {
      episodes: this.store.recentOverEpisodes(limit).map((ep) => ({
        episode_id: ep.id,
        task: ep.task,
        task_version: ep.task_version,
        seller: ep.seller,
        seed: ep.seed,
        episode: ep.episode_index,
        status: ep.status,
        outcome: ep.outcome,
        agreed_price: ep.record?.agreed_price ?? null,
        branched_from: ep.branched_from,
        created_at: new Date(ep.created_at).toISOString(),
      })),
    };
  }

  /**
   * Branch a stored episode at round k; the branch is stored as a new episode with its own id.
   * Only once its run is over: on a live run it would be a look-ahead oracle for the buyer.
   */
  async counterfactual(
    id: string,
    input: CounterfactualInput | SellerCounterfactualRequest,
  ): Promise<CounterfactualResponse> {
    const { ep, facts } = this.withAccess(id);
    const buyer = sellerRoleBuyer(ep.events);
    const sellerMove = "action_type" in input.action;
    if ((buyer !== null) !== sellerMove) throw roleMismatch(ep.id, buyer !== null);
    if (!storedRevealed(facts)) {
      throw new ServiceError(
        "EPISODE_NOT_OVER",
        "Counterfactuals branch finished play only: this episode, or another in its run, is still being played.",
      );
    }
    // Either role's branch reads the seller's words again: with the model the episode recorded.
    requireRecordedTellsModel(ep);
    const branchId = `${ep.id}~cf-${newEpisodeId().slice(3)}`;
    const { state, ...rest } =
      buyer === null
        ? branchEpisode(ep, input as CounterfactualInput, branchId)
        : await branchSellerEpisode(ep, buyer, input as SellerCounterfactualRequest, branchId);
    const b = this.store.batch();
    b.insertEpisode(state, {
      sessionId: null,
      run: ep.run,
      engineVersion: ENGINE_VERSION,
      now: this.now(),
      branchedFrom: ep.id,
      fromRound: input.from_round,
    });
    await this.writer.commit(b.ops);
    return { episode_id: branchId, branched_from: ep.id, ...rest };
  }

  private withAccess(id: string): { ep: StoredEpisode; facts: StoredEpisodeFacts } {
    const ep = this.store.episode(id);
    if (ep === undefined) throw episodeNotFound(id);
    const status = ep.status;
    // A branch has no session: nothing of it is ever played.
    if (ep.session_id === null) return { ep, facts: { status, runLive: false, sessionEnded: true } };
    const row = this.store.session(ep.session_id);
    const sessionEnded = row === undefined || row.closed !== 0;
    const runLive = !sessionEnded && this.store.runLive(ep.session_id, ep.run);
    return { ep, facts: { status, runLive, sessionEnded } };
  }
}
