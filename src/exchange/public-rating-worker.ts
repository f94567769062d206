import { parentPort } from "node:worker_threads";
import type { TapeEntry } from "../../markets/views";
import { fitRatings, type RatingJob } from "./public-rating-job";

/**
 * The public-ratings fit on its own thread (a fit over a long tape takes a quarter of a second
 * under load, which must not stall the event loop that streams the tape). The thread keeps
 * its own copy of the tape: each job brings only the entries since the last one.
 */
const tape: TapeEntry[] = [];
parentPort?.on("message", (job: RatingJob) => {
  for (const e of job.append) tape.push(e);
  parentPort?.postMessage(fitRatings(tape, job));
});
