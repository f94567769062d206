import { expect } from "vitest";
import { ChatError } from "../chat-error";

/** The ChatError a call rejected with; fails the test when it resolved or threw anything else. */
export async function chatFailure(promise: Promise<unknown>): Promise<ChatError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChatError);
  return err as ChatError;
}
