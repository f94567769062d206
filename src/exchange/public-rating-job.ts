import { type PublicRatings, publicRatings } from "../../markets/public-ratings";
import type { TapeEntry } from "../../markets/views";

/** One request to a ratings fitter: the tape entries since its last job, and the fit's settings. */
export interface RatingJob {
  append: TapeEntry[];
  seed: number;
  resamples: number;
  /** Only agent ids with this prefix are rated (registered agents, not house sellers). */
  prefix: string;
}

/** The fit itself, the same on any thread. */
export const fitRatings = (tape: readonly TapeEntry[], job: RatingJob): PublicRatings =>
  publicRatings(tape, { seed: job.seed, resamples: job.resamples, include: (a) => a.startsWith(job.prefix) });
