import { stepSellerRun } from "../../../tasks/seller-role/seller-run";
import { sellerResetView, sellerStateView, sellerStepView } from "../../boundary/seller-role-views";
import type { Storage } from "../../storage/storage";
import type {
  SellerPublicState,
  SellerResetRequest,
  SellerResetResponse,
  SellerScoreResponse,
  SellerStepRequest,
  SellerStepResponse,
} from "../../wire/seller-role";
import type { EpisodeIdClaims } from "../episode-id-claims";
import { recalledStep, rememberStep } from "../idempotency";
import { drawSeed, newEpisodeId } from "../ids";
import { ServiceError } from "../service-error";
import { domainError, sessionNotFound } from "../session-errors";
import type { SessionPersistence } from "../session-persistence";
import type { LiveSession } from "../session-table";
import {
  type BuyerResolver,
  openSellerSessionRun,
  ROLE_MISMATCH,
  SELLER_RESET_KEYS,
  sellerOptionsRow,
  sellerScore,
} from "./seller-session-ops";

export interface SellerSessionsDeps {
  store: Storage;
  persistence: SessionPersistence;
  claims: EpisodeIdClaims;
  buyers: BuyerResolver;
  now: () => number;
}

/** The storage key of the session's episode still being played (either role), if any. */
export function runningEpisodeKey(s: LiveSession): number | null {
  const live = s.run?.episode ?? s.seller?.episode ?? null;
  return live !== null && !live.done ? s.episodeKey : null;
}

/**
 * The seller role inside a live session: the agent sells to a pinned buyer. Same table, same
 * write-through persistence, idempotency and episode-id claims as the buyer role; the session
 * service queues these calls behind the session's other requests.
 */
export class SellerSessions {
  constructor(private readonly d: SellerSessionsDeps) {}

  async resetIn(s: LiveSession, req: SellerResetRequest): Promise<SellerResetResponse> {
    if (s.closed) throw sessionNotFound(s.id);
    const now = this.d.now();
    const seed = req.seed ?? drawSeed();
    const episodeId = req.episode_id ?? newEpisodeId();
    const claimed = req.episode_id === undefined ? [] : await this.d.claims.claim(req.episode_id, 1);
    try {
      const { run, result, task } = await openSellerSessionRun(
        req,
        seed,
        episodeId,
        this.d.buyers,
        s.tellsModel,
      );
      const buyerKey = `${run.buyer.ref.id}@${run.buyer.ref.version}`;
      const options = sellerOptionsRow(req, episodeId, buyerKey, s.channel !== null);
      const runNo = s.runNo + 1;
      const row = { id: s.id, task, seed, options, run: runNo };
      const abandoned = runningEpisodeKey(s);
      const wasStored = s.stored;
      Object.assign(s, { stored: true, run: null, seller: run, runNo, task, seed, options, propose: null });
      const b = this.d.store.batch();
      if (abandoned !== null) b.abandonEpisode(abandoned);
      if (wasStored) b.updateSessionRun(row, now);
      else b.createSession(row, now);
      s.episodeKey = b.insertEpisode(run.episode, this.d.persistence.meta(s, now));
      await this.d.persistence.persist(s, b.ops);
      const ignored = Object.keys(req).filter((k) => !SELLER_RESET_KEYS.has(k));
      return sellerResetView(s.id, run, result, ignored);
    } finally {
      this.d.claims.release(claimed);
    }
  }

  async stepIn(s: LiveSession, req: SellerStepRequest): Promise<SellerStepResponse> {
    if (s.closed) throw sessionNotFound(s.id);
    const seen = recalledStep(this.d.store, s, req.request_id) as unknown as SellerStepResponse | undefined;
    if (seen !== undefined) return seen;
    const run = s.seller;
    if (run === null) throw new ServiceError("VALIDATION_ERROR", ROLE_MISMATCH.buyer, 422);
    const e = run.episode;
    const before = e.events.length;
    let result: Awaited<ReturnType<typeof stepSellerRun>>;
    try {
      result = await stepSellerRun(run, req.action);
    } catch (err) {
      throw domainError(err);
    }
    const res = sellerStepView(s.id, result, run.episode.spec.episode_id);
    const now = this.d.now();
    const b = this.d.store.batch().appendEvents(s.episodeKey, before, e.events);
    if (e.done) b.finishEpisode(s.episodeKey, e);
    // A career moved on: store the episodes it began (each in the same session run, so the
    // reveal rule keeps all of them public until the last one ends).
    if (run.episode !== e) {
      for (const x of [...run.finished.slice(run.finished.indexOf(e) + 1), run.episode]) {
        s.episodeKey = b.insertEpisode(x, this.d.persistence.meta(s, now));
        if (x.done) b.finishEpisode(s.episodeKey, x);
      }
    }
    if (this.d.persistence.dueForTouch(s, now)) b.touchSession(s.id, now);
    rememberStep(b, s, req.request_id, res);
    await this.d.persistence.persist(s, b.ops);
    return res;
  }

  state(s: LiveSession): SellerPublicState | null {
    return s.seller === null ? null : sellerStateView(s.id, s.seller);
  }

  score(s: LiveSession): SellerScoreResponse | null {
    return s.seller === null ? null : sellerScore(s.id, s.seller);
  }
}
