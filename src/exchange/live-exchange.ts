import { randomBytes, randomInt } from "node:crypto";
import type { SellerPolicy } from "../../env/seller-policy";
import { type AgentCommand, actMarket, tickMarket } from "../../markets/commands";
import { openListing } from "../../markets/listing/listing-market";
import { type Market, type MarketEvent, replayMarket } from "../../markets/market";
import {
  codeJudge,
  type Judge,
  type JudgeFailure,
  judgeFailClosed,
  settleVerdict,
  type Verdict,
} from "../../markets/request/judge";
import {
  awaitingVerdict,
  judgeInputFor,
  openRequest,
  recordVerdict,
} from "../../markets/request/request-market";
import { GOODS } from "../../markets/simulation/catalog";
import { agentViewsFor, type MarketView, tapeOf, viewFor } from "../../markets/views";
import { resolveSeller } from "../../sellers/registry";
import { errorFields, type Logger, silentLogger } from "../log/logger";
import type { ExchangeStore, MarketRow } from "../storage/exchange-store";
import type { ActReply, OpenListingBody, OpenRequestBody } from "../wire/exchange";
import type { AgentRegistry } from "./agent-registry";
import { ExchangeError, marketNotFound } from "./exchange-error";
import { Inbox } from "./inbox";
import { affectedAgents, settlementsOf, touchesTape } from "./market-effects";
import { TapeFeed } from "./tape-feed";

/**
 * The live exchange: the markets/ domain on a wall clock. Every command is authenticated
 * before it gets here (the agent id comes from its token), applied to the in-memory market,
 * and committed — events, tape, settlements — in one SQLite transaction before anyone hears of
 * it. If the commit fails the market is rebuilt from its stored log, so memory never runs ahead
 * of the store. Deadlines fire from timers; verdicts come back from the judge asynchronously.
 * On start, `resume` replays every market that was open: overdue ones close at once,
 * submissions that were awaiting a verdict are judged again.
 */
export interface LiveExchangeDeps {
  store: ExchangeStore;
  registry: AgentRegistry;
  judge?: Judge;
  judgeTimeoutMs?: number;
  /** What a failed judge means; markets/ decides by default (DEFAULT_JUDGE_FAILURE). */
  judgeFailure?: JudgeFailure;
  now?: () => number;
  logger?: Logger;
  /** Market ids and seeds; random by default, fixed in tests that compare two runs. */
  ids?: { marketId: () => string; seed: () => number };
}

interface LiveMarket {
  market: Market;
  opener: string;
  seller: SellerPolicy | undefined;
  tapeLen: number;
  timer: NodeJS.Timeout | null;
}

/** How many closed markets stay in memory for reads before they are replayed from the store. */
const CLOSED_CACHE = 512;

export class LiveExchange {
  readonly inbox: Inbox;
  readonly tape = new TapeFeed();
  private readonly live = new Map<string, LiveMarket>();
  private readonly closed = new Map<string, LiveMarket>();
  private readonly judge: Judge;
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly ids: NonNullable<LiveExchangeDeps["ids"]>;
  private stopped = false;
  /** Judge calls in flight, so `stop` can wait for them. */
  private readonly judging = new Set<Promise<void>>();

  constructor(private readonly deps: LiveExchangeDeps) {
    this.judge = deps.judge ?? codeJudge;
    this.now = deps.now ?? Date.now;
    this.log = deps.logger ?? silentLogger;
    this.inbox = new Inbox(this.now());
    this.ids = deps.ids ?? { marketId: newMarketId, seed: () => randomInt(0, 2 ** 31) };
  }

  /** Resolves once no verdict is being worked on (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.judging.size > 0) await Promise.allSettled([...this.judging]);
  }

  get openCount(): number {
    return this.live.size;
  }

  openRequest(requester: string, body: OpenRequestBody): { market_id: string; view: MarketView } {
    const at = this.now();
    const market = openRequest({
      market_id: this.ids.marketId(),
      seed: this.ids.seed(),
      requester,
      terms: { ...body.terms, deadline: at + body.duration_ms },
      opened_at: at,
      roster: this.rosterFor(requester),
      ...(body.max_revisions === undefined ? {} : { max_revisions: body.max_revisions }),
    });
    this.start({ market, opener: requester, seller: undefined, tapeLen: 0, timer: null });
    return { market_id: market.opened.market_id, view: viewFor(market, { role: "requester" }) };
  }

  openListing(opener: string, body: OpenListingBody): { market_id: string; view: MarketView } {
    let seller: SellerPolicy;
    try {
      seller = resolveSeller(body.seller);
    } catch {
      // Unknown keys and LLM seller forms alike: live listings take released rule sellers only.
      throw new ExchangeError("INVALID", `Unknown or non-rule seller ${JSON.stringify(body.seller)}.`);
    }
    const good = GOODS[(body.goods ?? randomInt(0, GOODS.length)) % GOODS.length] as (typeof GOODS)[number];
    const at = this.now();
    const id = this.ids.marketId();
    const market = openListing(
      {
        market_id: id,
        seed: this.ids.seed(),
        seller_account: `house:${seller.ref.id}@${seller.ref.version}`,
        item: { name: good.name, category: good.category },
        units: body.units,
        cost: Math.round(good.listPrice * good.costShare),
        anchor_base: good.listPrice,
        rounds: body.rounds,
        opened_at: at,
        deadline: at + body.duration_ms,
        roster: this.rosterFor(opener),
      },
      seller,
    );
    this.start({ market, opener, seller, tapeLen: 0, timer: null });
    return { market_id: id, view: viewFor(market, { role: "public" }) };
  }

  /** One authenticated agent's action; the reply is that agent's own view. */
  act(agent: string, cmd: AgentCommand): ActReply {
    const lm = this.live.get(cmd.market_id) ?? this.closed.get(cmd.market_id) ?? this.load(cmd.market_id);
    const events = actMarket(lm.market, agent, cmd.action, cmd.client_key ?? null, this.now(), {
      ...(lm.seller === undefined ? {} : { seller: lm.seller }),
    });
    this.commit(lm, events);
    for (const ev of events) if (ev.type === "submitted") this.scheduleJudging(lm, ev.submission_id);
    return { market_id: cmd.market_id, applied: events.length > 0, view: this.viewOf(lm, agent) };
  }

  /** A market as `agent` may see it: its own view if it was offered the market, else public. */
  view(agent: string | null, marketId: string): MarketView {
    const lm = this.live.get(marketId) ?? this.closed.get(marketId) ?? this.load(marketId);
    return agent === null ? viewFor(lm.market, { role: "public" }) : this.viewOf(lm, agent);
  }

  /** Public views of the markets open now, oldest first. */
  openMarkets(): MarketView[] {
    return [...this.live.values()].map((lm) => viewFor(lm.market, { role: "public" }));
  }

  /** Rebuild every market that was open when the server stopped. */
  resume(): number {
    for (const row of this.deps.store.openMarkets()) {
      try {
        const lm = this.rebuild(row);
        this.live.set(row.market_id, lm);
        this.arm(lm);
        if (lm.market.kind === "request")
          for (const id of awaitingVerdict(lm.market)) this.scheduleJudging(lm, id);
      } catch (err) {
        this.log.error("exchange: could not resume a market", {
          market_id: row.market_id,
          ...errorFields(err),
        });
      }
    }
    return this.live.size;
  }

  /** Stop timers and wait for verdicts in flight; markets stay open in the store for `resume`. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const lm of this.live.values()) if (lm.timer !== null) clearTimeout(lm.timer);
    await Promise.allSettled([...this.judging]);
  }

  private viewOf(lm: LiveMarket, agent: string): MarketView {
    if (lm.market.kind === "request" && agent === lm.opener) return viewFor(lm.market, { role: "requester" });
    if (!lm.market.part.roster.has(agent)) return viewFor(lm.market, { role: "public" });
    return viewFor(lm.market, { role: "agent", agent });
  }

  private rosterFor(opener: string): string[] {
    return this.deps.registry.active().filter((a) => a !== opener);
  }

  private start(lm: LiveMarket): void {
    if (this.stopped) throw new ExchangeError("CAPACITY_REACHED", "The exchange is shutting down.");
    this.commit(lm, lm.market.events, true);
    this.live.set(lm.market.opened.market_id, lm);
    this.arm(lm);
  }

  private rebuild(row: MarketRow): LiveMarket {
    const market = replayMarket(this.deps.store.events(row.market_id));
    const seller =
      market.kind === "listing"
        ? resolveSeller(`${market.opened.seller.id}@${market.opened.seller.version}`)
        : undefined;
    return { market, opener: row.opener, seller, tapeLen: tapeOf(market).length, timer: null };
  }

  private load(marketId: string): LiveMarket {
    const row = this.deps.store.market(marketId);
    if (row === null) throw marketNotFound(marketId);
    const lm = this.rebuild(row);
    this.remember(lm);
    return lm;
  }

  private remember(lm: LiveMarket): void {
    this.closed.set(lm.market.opened.market_id, lm);
    if (this.closed.size > CLOSED_CACHE) this.closed.delete(this.closed.keys().next().value as string);
  }

  private arm(lm: LiveMarket): void {
    const deadline =
      lm.market.kind === "listing" ? lm.market.opened.deadline : lm.market.opened.terms.deadline;
    // +1: the domain closes at now ≥ deadline, and timers may fire a hair early.
    const delay = Math.max(0, deadline - this.now() + 1);
    lm.timer = setTimeout(() => this.tick(lm), delay);
    lm.timer.unref();
  }

  private tick(lm: LiveMarket): void {
    lm.timer = null;
    if (this.stopped) return;
    try {
      this.commit(lm, tickMarket(lm.market, this.now()));
    } catch (err) {
      this.log.error("exchange: deadline failed; retrying", {
        market_id: lm.market.opened.market_id,
        ...errorFields(err),
      });
      if (!this.stopped) lm.timer = setTimeout(() => this.tick(lm), 1000).unref();
    }
  }

  private scheduleJudging(lm: LiveMarket, submissionId: string): void {
    const m = lm.market;
    if (m.kind !== "request") return;
    const input = judgeInputFor(m, submissionId);
    const timeout = this.deps.judgeTimeoutMs ?? 30_000;
    const run = (async () => {
      const primary = await withTimeout(judgeFailClosed(this.judge, input), timeout);
      // markets/ decides what a failed judge means (the code judge scores, recorded as such).
      const scored = settleVerdict(primary, this.judge.id, input, this.deps.judgeFailure);
      if (scored.fallback_from !== null)
        this.log.warn("exchange: judge failed; the fallback scored", {
          submission_id: submissionId,
          judge: scored.fallback_from.judge,
          error: scored.fallback_from.error,
        });
      if (this.stopped) return;
      const cur = this.live.get(m.opened.market_id);
      if (cur === undefined || cur.market.kind !== "request") return;
      try {
        this.commit(
          cur,
          recordVerdict(
            cur.market,
            submissionId,
            scored.verdict,
            scored.judge,
            this.now(),
            scored.fallback_from,
          ),
        );
      } catch (err) {
        this.log.error("exchange: recording a verdict failed", {
          submission_id: submissionId,
          ...errorFields(err),
        });
      }
    })();
    this.judging.add(run);
    void run.finally(() => this.judging.delete(run));
  }

  /** Persist a batch (one transaction), then tell the stream and the agents it concerns. */
  private commit(lm: LiveMarket, events: readonly MarketEvent[], opening = false): void {
    if (events.length === 0) return;
    const m = lm.market;
    const id = m.opened.market_id;
    const tape = tapeOf(m);
    let rows: ReturnType<ExchangeStore["commit"]>;
    try {
      rows = this.deps.store.commit({
        market: {
          market_id: id,
          kind: m.kind,
          opener: lm.opener,
          status: m.status,
          deadline: m.kind === "listing" ? m.opened.deadline : m.opened.terms.deadline,
          created_at: m.opened.at,
        },
        opening,
        events,
        tape: tape.slice(lm.tapeLen),
        settlements: settlementsOf(m, events),
      });
    } catch (err) {
      // Memory must not run ahead of the store: go back to what was committed.
      if (!opening) lm.market = replayMarket(this.deps.store.events(id));
      throw err;
    }
    lm.tapeLen = tape.length;
    this.tape.publish(rows);
    const told = affectedAgents(m, events);
    told.delete(lm.opener);
    for (const [agent, view] of agentViewsFor(m, told)) this.inbox.push(agent, view);
    if (touchesTape(events)) this.inbox.push(lm.opener, this.viewOf(lm, lm.opener));
    if (m.status === "closed" && this.live.delete(id)) {
      if (lm.timer !== null) clearTimeout(lm.timer);
      this.remember(lm);
    }
  }
}

const newMarketId = (): string => `mk_${randomBytes(8).toString("hex")}`;

function withTimeout(p: Promise<Verdict>, ms: number): Promise<Verdict> {
  return new Promise((resolve) => {
    const t = setTimeout(
      () =>
        resolve({
          score: null,
          feedback: "The judge could not score this submission.",
          error: "judge timed out",
        }),
      ms,
    );
    void p.then((v) => {
      clearTimeout(t);
      resolve(v);
    });
  });
}
