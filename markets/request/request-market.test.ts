import { describe, expect, it } from "vitest";
import type { MarketError } from "../errors";
import { expectRefused } from "../testing/refused";
import { fixtureRequest, GOOD_PITCH, requestSnapshot, WEAK_PITCH } from "../testing/request-fixture";
import { codeVerdict } from "./judge";
import { MAX_PITCH_CHARS } from "./request-events";
import { actRequest, awaitingVerdict, judgeInputFor, recordVerdict, tickRequest } from "./request-market";
import { type RequestState, replayRequest } from "./request-state";

const engage = (s: RequestState, ...agents: string[]) => {
  for (const agent of agents) actRequest(s, { agent, action: { type: "engage" } }, 1);
};
const submit = (s: RequestState, agent: string, pitch: string, now = 2, price = 40_000, key?: string) =>
  actRequest(s, { agent, action: { type: "submit", price, pitch }, client_key: key ?? null }, now);
const idOf = (s: RequestState, agent: string) => s.latest.get(agent)!;
const judge = (s: RequestState, id: string, now = 3) =>
  recordVerdict(s, id, codeVerdict(judgeInputFor(s, id)), "code@1", now);
const pass = { score: 9, feedback: "fine", error: null };
const fail = { score: 2, feedback: "thin", error: null };

const refused = (s: RequestState, f: () => unknown, code: MarketError["code"]) =>
  expectRefused(() => requestSnapshot(s), f, code);

describe("request market", () => {
  it("the earliest qualifying submission wins at its own price and the market fills", () => {
    const s = fixtureRequest();
    engage(s, "a", "b");
    submit(s, "a", WEAK_PITCH, 2, 30_000);
    submit(s, "b", GOOD_PITCH, 3, 45_000);
    judge(s, idOf(s, "a"));
    const out = judge(s, idOf(s, "b"));
    expect(out.map((e) => e.type)).toEqual(["judged", "won", "request_closed"]);
    expect(s.winners).toEqual([expect.objectContaining({ agent: "b", price: 45_000 })]);
    expect(s.status).toBe("closed");
  });

  it("never declares a winner while an earlier submission is still being judged", () => {
    const s = fixtureRequest();
    engage(s, "a", "b");
    submit(s, "a", GOOD_PITCH, 2);
    submit(s, "b", GOOD_PITCH, 3);
    recordVerdict(s, idOf(s, "b"), pass, "j", 4);
    expect(s.winners).toEqual([]);
    recordVerdict(s, idOf(s, "a"), pass, "j", 5);
    expect(s.winners.map((w) => w.agent)).toEqual(["a"]);
  });

  it("a revision loses its place in time", () => {
    const s = fixtureRequest();
    engage(s, "a", "b");
    submit(s, "a", WEAK_PITCH, 2);
    recordVerdict(s, idOf(s, "a"), fail, "j", 3);
    submit(s, "b", GOOD_PITCH, 4);
    submit(s, "a", GOOD_PITCH, 5);
    recordVerdict(s, idOf(s, "a"), pass, "j", 6);
    expect(s.winners).toEqual([]);
    recordVerdict(s, idOf(s, "b"), pass, "j", 7);
    expect(s.winners.map((w) => w.agent)).toEqual(["b"]);
  });

  it("a stale verdict is recorded but never lands on the newer revision", () => {
    const s = fixtureRequest();
    engage(s, "a");
    submit(s, "a", GOOD_PITCH, 2);
    const first = idOf(s, "a");
    submit(s, "a", WEAK_PITCH, 3);
    const second = idOf(s, "a");
    const out = recordVerdict(s, first, pass, "j", 4);
    expect(out).toEqual([expect.objectContaining({ type: "judged", stale: true, qualified: true })]);
    expect(s.subs.get(second)).toMatchObject({ status: "judging", score: null });
    expect(s.winners).toEqual([]);
    recordVerdict(s, second, fail, "j", 5);
    expect(s.subs.get(second)).toMatchObject({ status: "failed", score: 2 });
  });

  it("caps revisions and refuses revising a qualified submission", () => {
    const s = fixtureRequest({ max_revisions: 1 }, { top_n: 2 });
    engage(s, "a", "b");
    submit(s, "a", WEAK_PITCH, 2);
    submit(s, "a", WEAK_PITCH, 3);
    refused(s, () => submit(s, "a", GOOD_PITCH, 4), "REVISIONS_EXHAUSTED");
    submit(s, "b", GOOD_PITCH, 2);
    recordVerdict(s, idOf(s, "b"), pass, "j", 3);
    refused(s, () => submit(s, "b", GOOD_PITCH, 4), "ALREADY_QUALIFIED");
  });

  it("fills partially at the deadline, waiting for a verdict on a submission made in time", () => {
    const s = fixtureRequest({}, { top_n: 2 });
    engage(s, "a", "b");
    submit(s, "a", GOOD_PITCH, 2);
    submit(s, "b", GOOD_PITCH, 3);
    recordVerdict(s, idOf(s, "a"), pass, "j", 4);
    expect(tickRequest(s, 10_000).map((e) => e.type)).toEqual(["deadline_reached"]);
    expect(s.status).toBe("closing");
    refused(s, () => submit(s, "b", GOOD_PITCH, 10_001), "LATE");
    const out = recordVerdict(s, idOf(s, "b"), fail, "j", 10_500);
    expect(out.at(-1)).toMatchObject({ type: "request_closed", outcome: "partial" });
    expect(s.winners.map((w) => w.agent)).toEqual(["a"]);
  });

  it("times out with no winner when nothing qualifies", () => {
    const s = fixtureRequest();
    engage(s, "a");
    submit(s, "a", WEAK_PITCH, 2);
    recordVerdict(s, idOf(s, "a"), { score: null, feedback: "judge down", error: "timeout" }, "j", 3);
    expect(tickRequest(s, 10_000).at(-1)).toMatchObject({ type: "request_closed", outcome: "timeout" });
    expect(awaitingVerdict(s)).toEqual([]);
  });

  it("shows the judge the pitch and the request only", () => {
    const s = fixtureRequest();
    engage(s, "a");
    submit(s, "a", GOOD_PITCH, 2, 12_345);
    const input = judgeInputFor(s, idOf(s, "a"));
    expect(JSON.stringify(input)).not.toContain("12345");
    expect(JSON.stringify(input)).not.toContain('"a"');
    expect(Object.keys(input).sort()).toEqual(["criteria", "item", "min_quality", "pitch"]);
  });

  it("replays its log to the same state", () => {
    const s = fixtureRequest({}, { top_n: 2 });
    engage(s, "a", "b");
    actRequest(s, { agent: "c", action: { type: "pass", reason: "negative_ev" } }, 1);
    submit(s, "a", WEAK_PITCH, 2);
    submit(s, "b", GOOD_PITCH, 3);
    judge(s, idOf(s, "a"));
    judge(s, idOf(s, "b"));
    tickRequest(s, 10_000);
    expect(requestSnapshot(replayRequest(s.events))).toBe(requestSnapshot(s));
  });
});

describe("request market: bad input changes nothing", () => {
  it("refuses unknown agents, the requester, and agents that did not engage", () => {
    const s = fixtureRequest();
    refused(s, () => engage(s, "mallory"), "UNKNOWN_AGENT");
    refused(s, () => engage(s, "req"), "UNKNOWN_AGENT");
    refused(s, () => submit(s, "a", GOOD_PITCH), "NOT_ENGAGED");
  });
  it("refuses late actions, oversize pitches and quotes above the max price", () => {
    const s = fixtureRequest();
    engage(s, "a");
    refused(s, () => submit(s, "a", GOOD_PITCH, 10_000), "LATE");
    refused(s, () => submit(s, "a", "x".repeat(MAX_PITCH_CHARS + 1)), "OVERSIZE");
    refused(s, () => submit(s, "a", GOOD_PITCH, 2, 50_001), "INVALID");
    refused(s, () => submit(s, "a", GOOD_PITCH, 2, 10.5), "INVALID");
    refused(s, () => recordVerdict(s, "rq-1:a:9", pass, "j", 3), "UNKNOWN_SUBMISSION");
  });
  it("treats a duplicate submit with the same client key as one submit", () => {
    const s = fixtureRequest();
    engage(s, "a");
    expect(submit(s, "a", GOOD_PITCH, 2, 40_000, "once")).toHaveLength(1);
    const before = requestSnapshot(s);
    expect(submit(s, "a", GOOD_PITCH, 3, 40_000, "once")).toEqual([]);
    // A retry that arrives after the deadline still gets "already done", not LATE.
    expect(submit(s, "a", GOOD_PITCH, 10_000, 40_000, "once")).toEqual([]);
    expect(requestSnapshot(s)).toBe(before);
  });
  it("judges each submission once", () => {
    const s = fixtureRequest({}, { top_n: 2 });
    engage(s, "a");
    submit(s, "a", GOOD_PITCH);
    recordVerdict(s, idOf(s, "a"), fail, "j", 3);
    expect(recordVerdict(s, idOf(s, "a"), pass, "j", 4)).toEqual([]);
    expect(s.subs.get(idOf(s, "a"))!.status).toBe("failed");
  });
});
