import { ArrivalQueue, tieBreakKey } from "../arrivals";
import { MarketError } from "../errors";
import { type Judge, judgeFailClosed } from "../request/judge";
import {
  actRequest,
  judgeInputFor,
  openRequest,
  recordVerdict,
  tickRequest,
} from "../request/request-market";
import type { RequestAgentView } from "../views";
import { viewFor } from "../views";
import { JOBS, REQUEST_PRICE_TIERS } from "./catalog";
import { emptyOutcome, type MarketOutcome, type MarketSlot, slotSetup } from "./market-outcome";
import type { Population } from "./population";

/** Virtual ms a verdict takes after a submission. */
export const JUDGE_MS = 400;
/** Requesters taking turns posting; their accounts pay for what they buy. */
export const REQUESTERS = 5;

type Task =
  | { kind: "deadline" }
  | { kind: "decide"; agent: string }
  | { kind: "work"; agent: string }
  | { kind: "verdict"; agent: string; submission: string };

/** Run one request market to its close on virtual time; sellers read only their own views. */
export async function runRequest(slot: MarketSlot, pop: Population, judge: Judge): Promise<MarketOutcome> {
  const { index, id: marketId, openedAt, seed } = slot;
  const { marketSeed, rng, deadline } = slotSetup(slot);
  const job = rng.pick(JOBS);
  const roster = pop.sellers.map((s) => s.id);
  const m = openRequest({
    market_id: marketId,
    seed: marketSeed,
    requester: `requester-${1 + (index % REQUESTERS)}`,
    opened_at: openedAt,
    roster,
    terms: {
      item: { name: job.name, kind: job.kind, description: job.description },
      max_price: rng.pick(REQUEST_PRICE_TIERS),
      top_n: 1 + rng.int(3),
      min_quality: 5 + rng.int(3),
      criteria: [...job.criteria],
      deadline,
    },
  });
  const out = emptyOutcome(marketId, "request", m.events, roster);
  const q = new ArrivalQueue<Task>();
  q.push(deadline, -1, { kind: "deadline" });
  const keys = new Map(pop.sellers.map((s) => [s.id, tieBreakKey(seed, marketId, s.id)]));
  for (const s of pop.sellers)
    q.push(openedAt + 100 + (keys.get(s.id)! % 1_000), keys.get(s.id)!, { kind: "decide", agent: s.id });
  const byId = new Map(pop.sellers.map((s) => [s.id, s]));
  // Agents read the deadline in the terms and do not start work they cannot hand in on time.
  const workLater = (at: number, key: number, agent: string) => {
    const ready = at + byId.get(agent)!.speedMs;
    if (ready < deadline) q.push(ready, key, { kind: "work", agent });
  };
  for (let a = q.pop(); a !== undefined && m.status !== "closed"; a = q.pop()) {
    const task = a.item;
    if (task.kind === "deadline") {
      tickRequest(m, a.at);
      continue;
    }
    const agent = byId.get(task.agent)!;
    const ctx = { seed, market: index, step: 0 };
    try {
      if (task.kind === "decide") {
        const choice = agent.decide(viewFor(m, { role: "agent", agent: agent.id }) as RequestAgentView, ctx);
        actRequest(
          m,
          {
            agent: agent.id,
            action: choice.engage ? { type: "engage" } : { type: "pass", reason: choice.reason },
          },
          a.at,
        );
        if (choice.engage) {
          out.engaged.push(agent.id);
          workLater(a.at, a.key, agent.id);
        } else out.passed.push({ agent: agent.id, reason: choice.reason });
      } else if (task.kind === "work") {
        const work = agent.work(viewFor(m, { role: "agent", agent: agent.id }) as RequestAgentView, ctx);
        if (work === null) continue;
        // The effort is spent whether or not the market still takes the work.
        out.costs.push({ market_id: marketId, agent: agent.id, cost: work.cost });
        actRequest(
          m,
          { agent: agent.id, action: { type: "submit", price: work.price, pitch: work.pitch } },
          a.at,
        );
        q.push(a.at + JUDGE_MS, a.key, {
          kind: "verdict",
          agent: agent.id,
          submission: m.latest.get(agent.id)!,
        });
      } else {
        const verdict = await judgeFailClosed(judge, judgeInputFor(m, task.submission));
        recordVerdict(m, task.submission, verdict, judge.id, a.at);
        if (m.subs.get(task.submission)?.status === "failed") workLater(a.at, a.key, agent.id);
      }
    } catch (err) {
      if (!(err instanceof MarketError)) throw err;
      out.refused += 1;
    }
  }
  for (const w of m.winners) {
    out.winners.push(w.agent);
    out.settlements.push({
      market_id: marketId,
      winner: w.agent,
      buyer: m.opened.requester,
      seller: w.agent,
      price: w.price,
    });
  }
  for (const id of out.engaged)
    byId.get(id)!.learn(viewFor(m, { role: "agent", agent: id }) as RequestAgentView);
  return out;
}
