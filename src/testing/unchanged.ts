import { expect } from "vitest";
import type { TestReply, TestServer } from "./test-server";

/** Run a bad request and check that nothing stored, and nothing in session `sid`, changed. */
export async function expectUnchanged(
  srv: TestServer,
  sid: string,
  fn: () => Promise<TestReply>,
): Promise<TestReply> {
  const before = srv.store.counts();
  const state = (await srv.get(`/state?session_id=${sid}`)).text;
  const r = await fn();
  expect(srv.store.counts()).toEqual(before);
  expect((await srv.get(`/state?session_id=${sid}`)).text).toBe(state);
  return r;
}
