import { publicRatings } from "../../markets/public-ratings";
import type { TapeEntry } from "../../markets/views";
import type { ExchangeStore } from "../storage/exchange-store";
import type { PublicRatingsReply } from "../wire/exchange";

/** Fixed, so the same tape always gives the same ratings and CIs (any reader can recompute them). */
export const PUBLIC_RATING_SEED = 14;
/** Bootstrap resamples per request: enough for a 95 % interval, cheap enough to serve live. */
export const PUBLIC_RATING_RESAMPLES = 200;
export const PUBLIC_RATING_METHOD = "public-tape-bradley-terry@1";

const PAGE = 5000;

/**
 * The public ratings served at GET /markets/ratings: read from the stored tape only (nothing
 * else is passed in, so nothing private can reach them), appended to as the tape grows, and
 * recomputed only when the tape has moved.
 */
export class PublicRatingBoard {
  private readonly tape: TapeEntry[] = [];
  private lastId = 0;
  private cached: PublicRatingsReply | null = null;

  constructor(
    private readonly store: ExchangeStore,
    private readonly nameOf: (agent: string) => string | null,
  ) {}

  current(): PublicRatingsReply {
    for (
      let rows = this.store.tapeAfter(this.lastId, PAGE);
      rows.length > 0;
      rows = this.store.tapeAfter(this.lastId, PAGE)
    )
      for (const r of rows) {
        this.tape.push(r.entry);
        this.lastId = r.id;
      }
    if (this.cached !== null && this.cached.as_of_tape_id === this.lastId) return this.cached;
    const r = publicRatings(this.tape, {
      seed: PUBLIC_RATING_SEED,
      resamples: PUBLIC_RATING_RESAMPLES,
      include: (a) => a.startsWith("ag_"),
    });
    this.cached = {
      method: PUBLIC_RATING_METHOD,
      seed: PUBLIC_RATING_SEED,
      resamples: PUBLIC_RATING_RESAMPLES,
      as_of_tape_id: this.lastId,
      tape_entries: r.tape_entries,
      settlements: r.settlements,
      rows: r.rows.map((row) => ({ ...row, name: this.nameOf(row.agent) })),
    };
    return this.cached;
  }
}
