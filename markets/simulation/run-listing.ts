import { deriveSeed, rngFor } from "../../env/prng";
import { resolveSeller } from "../../sellers/registry";
import { ArrivalQueue, tieBreakKey } from "../arrivals";
import { MarketError } from "../errors";
import { toMinor } from "../ledger";
import { actListing, openListing, tickListing } from "../listing/listing-market";
import type { ListingAgentView } from "../views";
import { viewFor } from "../views";
import { GOODS, LISTING_SELLERS } from "./catalog";
import { emptyOutcome, type MarketOutcome, type MarketSlot, slotSetup } from "./market-outcome";
import type { Population } from "./population";

type Task = { kind: "deadline" } | { kind: "decide" | "move"; agent: string };

/** Run one listing market to its close on virtual time; every agent reads only its own view. */
export async function runListing(slot: MarketSlot, pop: Population): Promise<MarketOutcome> {
  const { index, id: marketId, openedAt, seed } = slot;
  const { marketSeed, rng, deadline } = slotSetup(slot);
  const good = rng.pick(GOODS);
  const seller = resolveSeller(rng.pick(LISTING_SELLERS));
  const roster = pop.buyers.map((b) => b.id);
  const m = openListing(
    {
      market_id: marketId,
      seed: marketSeed,
      seller_account: `house:${seller.ref.id}`,
      item: { name: good.name, category: good.category },
      units: 1 + rng.int(3),
      cost: Math.round(good.listPrice * good.costShare),
      anchor_base: good.listPrice,
      rounds: 8,
      opened_at: openedAt,
      deadline,
      roster,
    },
    seller,
  );
  const out = emptyOutcome(marketId, "listing", m.events, roster);
  const values = new Map<string, number>();
  const q = new ArrivalQueue<Task>();
  q.push(deadline, -1, { kind: "deadline" });
  for (const b of pop.buyers) {
    const v = rngFor(deriveSeed(marketSeed, `value:${b.id}`), "buyer", index, 0);
    values.set(b.id, Math.round(m.opened.anchor * v.uniform(0.5, 1.4) * 100) / 100);
    q.push(openedAt + Math.round(v.uniform(100, 2_000)), tieBreakKey(seed, marketId, b.id), {
      kind: "decide",
      agent: b.id,
    });
  }
  const byId = new Map(pop.buyers.map((b) => [b.id, b]));
  const steps = new Map<string, number>();
  for (let a = q.pop(); a !== undefined && m.status === "open"; a = q.pop()) {
    const task = a.item;
    if (task.kind === "deadline") {
      tickListing(m, a.at);
      break;
    }
    const agent = byId.get(task.agent)!;
    const value = values.get(agent.id)!;
    const view = viewFor(m, { role: "agent", agent: agent.id }) as ListingAgentView;
    try {
      if (task.kind === "decide") {
        const choice = agent.decide(view, value);
        actListing(
          m,
          {
            agent: agent.id,
            action: choice.engage ? { type: "engage" } : { type: "pass", reason: choice.reason },
          },
          a.at,
          seller,
        );
        if (choice.engage) out.engaged.push(agent.id);
        else out.passed.push({ agent: agent.id, reason: choice.reason });
      } else {
        const step = steps.get(agent.id) ?? 0;
        steps.set(agent.id, step + 1);
        const action = await agent.move(view, value, { seed, market: index, step });
        actListing(m, { agent: agent.id, action }, a.at, seller);
      }
    } catch (err) {
      if (!(err instanceof MarketError)) throw err;
      out.refused += 1;
    }
    const thread = m.threads.get(agent.id);
    if (thread !== undefined && !thread.done && m.status === "open")
      q.push(a.at + pop.thinkMs.get(agent.id)!, a.key, { kind: "move", agent: agent.id });
  }
  tickListing(m, deadline);
  for (const d of m.deals) {
    out.winners.push(d.agent);
    out.settlements.push({
      market_id: marketId,
      winner: d.agent,
      buyer: d.agent,
      seller: m.opened.seller_account,
      price: toMinor(d.price),
    });
    out.valuations.push({ market_id: marketId, agent: d.agent, value: toMinor(values.get(d.agent)!) });
  }
  return out;
}
