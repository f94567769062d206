import { describe, expect, it } from "vitest";
import { scriptedBuyer } from "../buyers/scripted-buyer";
import { rngFor, type StreamName } from "../env/prng";
import { runComplete, stepRun } from "../env/run";
import { openRun } from "./open-run";

function play(
  task: string,
  rng?: (seed: number, stream: StreamName, episode: number, round: number) => ReturnType<typeof rngFor>,
) {
  const run = openRun(task, { seed: 11, episodeId: "streams", rng });
  const seller: unknown[] = [];
  const tells: unknown[] = [];
  while (!runComplete(run)) {
    const r = stepRun(run, scriptedBuyer(run));
    const e = run.episode.events.at(-1);
    if (e?.type === "seller_replied") {
      seller.push([e.action, e.price, e.message]);
      tells.push(e.tells);
    }
    if (r.done) break;
  }
  return { seller, tells };
}

describe("independent random streams", () => {
  it("changing the tells stream never changes what the seller does", () => {
    // Shift only the tells stream to a different seed, as a change in the tells formula would.
    const shifted = (seed: number, stream: StreamName, episode: number, round: number) =>
      rngFor(stream === "tells" ? seed + 1_000_003 : seed, stream, episode, round);
    for (const task of ["single_deal", "deceptive_seller", "read_the_tells", "impatient_seller"]) {
      const a = play(task);
      const b = play(task, shifted);
      expect(b.seller).toEqual(a.seller);
      expect(b.tells).not.toEqual(a.tells);
    }
  });

  it("the same seed gives the same episode, a different seed a different one", () => {
    expect(play("deceptive_seller")).toEqual(play("deceptive_seller"));
    const other = openRun("amazon_realistic", { seed: 12, episodeId: "x" }).episode.spec.item;
    expect(openRun("amazon_realistic", { seed: 11, episodeId: "x" }).episode.spec.item).not.toEqual(other);
  });
});
