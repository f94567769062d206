import { Worker } from "node:worker_threads";
import type { PublicRatings } from "../../markets/public-ratings";
import type { TapeEntry } from "../../markets/views";
import type { ExchangeStore } from "../storage/exchange-store";
import type { PublicRatingsReply } from "../wire/exchange";
import { fitRatings, type RatingJob } from "./public-rating-job";

/** Fixed, so the same tape always gives the same ratings and CIs (any reader can recompute them). */
export const PUBLIC_RATING_SEED = 14;
/** Bootstrap resamples: enough for a 95 % interval, cheap enough to refresh live. */
export const PUBLIC_RATING_RESAMPLES = 200;
export const PUBLIC_RATING_METHOD = "public-tape-bradley-terry@1";

const PAGE = 5000;
/**
 * Ratings are recomputed at most this often. The route is open to anyone, and a fit over a
 * long tape costs ~250 ms of a core (measured at load 10 on 1,000 markets), so a busy tape
 * must not make every request pay for one. The reply's `as_of_tape_id` says what it rates.
 */
export const RECOMPUTE_MIN_MS = 2000;

/**
 * The public ratings served at GET /markets/ratings: read from the stored tape only (nothing
 * else is passed in, so nothing private can reach them) and fitted on a worker thread, so the
 * event loop that streams the tape never waits for a fit. Concurrent requests share one fit.
 */
export class PublicRatingBoard {
  private lastId = 0;
  private cached: PublicRatingsReply | null = null;
  private computedAt = Number.NEGATIVE_INFINITY;
  private inFlight: Promise<PublicRatingsReply> | null = null;

  constructor(
    private readonly store: ExchangeStore,
    private readonly nameOf: (agent: string) => string | null,
    private readonly now: () => number = Date.now,
    private readonly fitter: RatingFitter = workerFitter(),
  ) {}

  current(): Promise<PublicRatingsReply> {
    if (this.cached !== null && this.now() - this.computedAt < RECOMPUTE_MIN_MS)
      return Promise.resolve(this.cached);
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** End the fitter's thread (the exchange is stopping). */
  stop(): Promise<void> {
    return this.fitter.stop();
  }

  private async refresh(): Promise<PublicRatingsReply> {
    const append: TapeEntry[] = [];
    for (
      let rows = this.store.tapeAfter(this.lastId, PAGE);
      rows.length > 0;
      rows = this.store.tapeAfter(this.lastId, PAGE)
    )
      for (const r of rows) {
        append.push(r.entry);
        this.lastId = r.id;
      }
    const asOf = this.lastId;
    this.computedAt = this.now();
    if (this.cached !== null && this.cached.as_of_tape_id === asOf) return this.cached;
    const r = await this.fit({
      append,
      seed: PUBLIC_RATING_SEED,
      resamples: PUBLIC_RATING_RESAMPLES,
      prefix: "ag_",
    });
    this.cached = {
      method: PUBLIC_RATING_METHOD,
      seed: PUBLIC_RATING_SEED,
      resamples: PUBLIC_RATING_RESAMPLES,
      as_of_tape_id: asOf,
      tape_entries: r.tape_entries,
      settlements: r.settlements,
      rows: r.rows.map((row) => ({ ...row, name: this.nameOf(row.agent) })),
    };
    return this.cached;
  }

  private fit(job: RatingJob): Promise<PublicRatings> {
    return this.fitter.fit(job).catch((e: unknown) => {
      // The fitter's copy of the tape may be gone with its thread: start again from the first row.
      this.lastId = 0;
      this.cached = null;
      throw e;
    });
  }
}

/** Where a fit runs: the fitter keeps its own copy of the tape, appended to by each job. */
export interface RatingFitter {
  fit(job: RatingJob): Promise<PublicRatings>;
  stop(): Promise<void>;
}

/** On this thread: for tests that build many exchanges, and for tools without a server. */
export function inlineFitter(): RatingFitter {
  const tape: TapeEntry[] = [];
  return {
    fit: async (job) => {
      tape.push(...job.append);
      return fitRatings(tape, job);
    },
    stop: async () => {},
  };
}

const TSX_API = import.meta.resolve("tsx/esm/api");
const WORKER_BOOT = `
const { workerData } = require("node:worker_threads");
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

/** On a worker thread, started on the first fit (the server's default). */
export function workerFitter(): RatingFitter {
  let worker: Worker | null = null;
  return {
    fit(job) {
      if (worker === null) {
        // The thread registers tsx itself before loading the TS module, so it starts the same
        // under `node --import tsx` (the server) and under any other parent (vitest's workers).
        worker = new Worker(WORKER_BOOT, {
          eval: true,
          workerData: { tsx: TSX_API, entry: new URL("./public-rating-worker.ts", import.meta.url).href },
        });
        worker.unref();
      }
      const w = worker;
      return new Promise((resolve, reject) => {
        const done = () => {
          w.off("message", ok);
          w.off("error", bad);
        };
        const ok = (r: PublicRatings) => {
          done();
          resolve(r);
        };
        const bad = (e: Error) => {
          done();
          worker = null;
          reject(e);
        };
        w.once("message", ok);
        w.once("error", bad);
        w.postMessage(job);
      });
    },
    async stop() {
      const w = worker;
      worker = null;
      await w?.terminate();
    },
  };
}
