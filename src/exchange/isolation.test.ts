import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AgentAction } from "../../markets/commands";
import { openDatabase } from "../storage/open-database";
import { type ExchangeShell, openExchange } from "./exchange-shell";
import { RECOMPUTE_MIN_MS } from "./public-rating-board";
import { GOOD_PITCH, TERMS } from "./testing/exchange-http";

/**
 * The shell's side of isolation: everything the exchange hands agent A — the reply to each of
 * its actions, its views and every inbox item — must be byte-identical whether or not agent B
 * engaged, passed (with any reason), offered, wrote or submitted anything, until the public
 * tape shows a settlement or a close (B taking the last unit or slot is public). And in no
 * world does anything A receives contain B's words.
 */
const MARK = "ZQXB"; // only B's texts contain this

interface World {
  ex: ExchangeShell;
  ids: Map<string, string>;
  a: string;
  b: string;
  req: string;
  clock: { t: number };
}

function world(): World {
  const clock = { t: 1_000_000 };
  let n = 0;
  let k = 0;
  const ex = openExchange(openDatabase(":memory:"), {
    now: () => clock.t,
    ratingsOnThisThread: true,
    ids: {
      marketId: () => `mk_${++n}`,
      seed: () => 4242,
      agentId: () => `ag_${String(++k).padStart(16, "0")}`,
    },
  });
  const req = ex.registry.register("req").agent_id;
  const a = ex.registry.register("a").agent_id;
  const b = ex.registry.register("b").agent_id;
  return {
    ex,
    ids: new Map([
      [req, "REQ"],
      [a, "A"],
      [b, "B"],
    ]),
    a,
    b,
    req,
    clock,
  };
}

/** Agent ids are random per world: name them by role before comparing. */
const norm = (w: World, v: unknown): string => {
  let s = JSON.stringify(v);
  for (const [id, name] of w.ids) s = s.split(id).join(name);
  return s;
};

type Step = { who: "a" | "b"; action: AgentAction; key: string | null };

const requestAction = (who: "a" | "b") =>
  fc.oneof(
    fc.constant<AgentAction>({ type: "engage" }),
    fc
      .constantFrom("negative_ev", "over_budget", "not_my_line", "no_capacity", "other")
      .map((reason) => ({ type: "pass", reason }) as AgentAction),
    fc.tuple(fc.integer({ min: 1, max: 60_000 }), fc.boolean()).map(
      ([price, good]) =>
        ({
          type: "submit",
          price,
          pitch: `${good ? GOOD_PITCH : "short"} ${who === "b" ? MARK : "mine"}`,
        }) as AgentAction,
    ),
  );

const listingAction = (who: "a" | "b") =>
  fc.oneof(
    fc.constant<AgentAction>({ type: "engage" }),
    fc.constant<AgentAction>({ type: "pass", reason: "over_budget" }),
    fc
      .integer({ min: 1, max: 900 })
      .map(
        (price) =>
          ({ type: "offer", price, message: who === "b" ? `${MARK} ${price}` : "hm" }) as AgentAction,
      ),
    fc.constant<AgentAction>({ type: "walk", message: who === "b" ? MARK : "bye" }),
  );

const steps = (action: (who: "a" | "b") => fc.Arbitrary<AgentAction>) =>
  fc.array(
    fc
      .tuple(fc.constantFrom<"a" | "b">("a", "b"), fc.boolean())
      .chain(([who, keyed]) => action(who).map((a): Step => ({ who, action: a, key: keyed ? "k" : null }))),
    { maxLength: 14 },
  );

/** Play the steps (B's dropped when `withB` is false); returns what A received, step by step. */
async function play(
  kind: "request" | "listing",
  script: Step[],
  withB: boolean,
): Promise<{ seen: string[]; w: World; boards: [string, string][] }> {
  const w = world();
  const seen: string[] = [];
  /** The public tape beside the public boards (ratings, cash leaderboard) at each step. */
  const boards: [string, string][] = [];
  w.ex.exchange.inbox.listen(w.a, (item) => seen.push(`inbox ${norm(w, item)}`));
  const id =
    kind === "request"
      ? w.ex.exchange.openRequest(w.req, { terms: { ...TERMS, top_n: 2 }, duration_ms: 600_000 }).market_id
      : w.ex.exchange.openListing(w.req, {
          seller: "bazaar-default@1",
          goods: 1,
          units: 1,
          duration_ms: 600_000,
          rounds: 8,
        }).market_id;
  for (const s of script) {
    // A step is as long as the ratings' recompute interval, so every observation rates the tape as it is.
    w.clock.t += RECOMPUTE_MIN_MS;
    const observe = async () => {
      seen.push(`view ${norm(w, w.ex.exchange.view(w.a, id))}`);
      const pub = `${norm(w, await w.ex.ratings.current())} ${norm(w, w.ex.leaderboard())}`;
      seen.push(`boards ${pub}`);
      boards.push([norm(w, w.ex.exchange.view(null, id).tape), pub]);
    };
    if (s.who === "b" && !withB) {
      await observe();
      continue;
    }
    const agent = s.who === "a" ? w.a : w.b;
    let reply: string;
    try {
      reply = norm(
        w,
        w.ex.exchange.act(agent, { market_id: id, action: s.action, client_key: s.key ?? undefined }),
      );
    } catch (err) {
      reply = `refused ${(err as { code?: string }).code}`;
    }
    await w.ex.exchange.idle();
    if (s.who === "a") seen.push(`reply ${reply}`);
    await observe();
  }
  await w.ex.stop();
  return { seen, w, boards };
}

/** A's observations up to the first one whose tape shows a settlement or a close. */
const untilPublic = (seen: string[]): string[] => {
  const i = seen.findIndex((s) => s.includes('"kind":"settled"') || s.includes('"kind":"closed"'));
  return i === -1 ? seen : seen.slice(0, i);
};

describe("exchange isolation (shell)", () => {
  for (const kind of ["request", "listing"] as const) {
    it(`${kind}: nothing A receives depends on B's private actions or contains B's words`, async () => {
      await fc.assert(
        fc.asyncProperty(steps(kind === "request" ? requestAction : listingAction), async (script) => {
          const withB = await play(kind, script, true);
          const without = await play(kind, script, false);
          for (const s of withB.seen) expect(s).not.toContain(MARK);
          const x = untilPublic(withB.seen);
          const y = untilPublic(without.seen);
          const n = Math.min(x.length, y.length);
          expect(x.slice(0, n)).toEqual(y.slice(0, n));
          // The public boards are a function of the public tape: the same tape, in either world,
          // always comes with the same ratings and leaderboard.
          const byTape = new Map<string, string>();
          for (const [tape, pub] of [...withB.boards, ...without.boards]) {
            expect(byTape.get(tape) ?? pub).toBe(pub);
            byTape.set(tape, pub);
          }
        }),
        { numRuns: 40 },
      );
    });
  }

  it("can fail: the same comparison made on B's own view tells the two worlds apart", async () => {
    // Sensitivity check: B's engaging changes B's own view, so the comparison is not vacuous.
    const script: Step[] = [{ who: "b", action: { type: "engage" }, key: null }];
    const w1 = await play("request", script, true);
    const w2 = await play("request", script, false);
    const bView = (w: World) => norm(w, w.ex.exchange.view(w.b, "mk_1"));
    expect(bView(w1.w)).not.toEqual(bView(w2.w));
  });
});
