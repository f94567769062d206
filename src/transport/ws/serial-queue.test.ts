import { describe, expect, it } from "vitest";
import { SerialQueue } from "./serial-queue";

describe("SerialQueue", () => {
  it("finishes tasks in submission order even when earlier ones are slower", async () => {
    const q = new SerialQueue();
    const seen: number[] = [];
    const slow = (n: number, ticks: number) => async () => {
      for (let i = 0; i < ticks; i++) await Promise.resolve();
      seen.push(n);
    };
    q.push(slow(1, 50));
    q.push(slow(2, 0));
    q.push(() => {
      seen.push(3);
    });
    await q.drained();
    expect(seen).toEqual([1, 2, 3]);
  });

  it("keeps going after a task throws", async () => {
    const q = new SerialQueue();
    const seen: string[] = [];
    q.push(() => {
      throw new Error("boom");
    });
    q.push(() => {
      seen.push("after");
    });
    await q.drained();
    expect(seen).toEqual(["after"]);
  });
});
