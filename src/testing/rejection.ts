import { expect } from "vitest";

/** What a promise rejected with, checked to be an instance of `type` (a fulfilled promise fails the test). */
export async function rejection<E>(
  p: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(type);
  return err as E;
}
