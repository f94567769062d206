/**
 * The exchange's part of `npm run test:scale`: agents trading through the balancer while a
 * replica is killed. One requester opens request markets one after another; one agent engages
 * and submits a pitch the code judge scores 10, and waits until it has won. Every request is
 * retried as a well-behaved client does (network failure, 502/503/504 after Retry-After); actions
 * carry a client_key, so a retried one is never applied twice.
 */
import { httpRequest, keepAliveAgent } from "../src/client/http-request";
import { GOOD_PITCH, TERMS } from "../src/exchange/testing/exchange-http";

export interface ExchangeLoadResult {
  agents: { agent_id: string; token: string }[];
  /** Markets the trading agent saw itself win. */
  won: string[];
  /** When it saw each win (epoch ms), in the same order. */
  wonAt: number[];
  retried: number;
  errors: string[];
}

const agent = keepAliveAgent(8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function exchangeCall(
  url: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  token?: string,
  stats = { retried: 0 },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await httpRequest(agent, method, `${url}${path}`, body, {
        timeoutMs: 30_000,
        headers: token === undefined ? {} : { "x-agent-token": token },
      });
      if ((r.status === 502 || r.status === 503 || r.status === 504) && Date.now() < giveUpAt) {
        stats.retried++;
        await sleep(Math.min(2000, Number(r.retryAfter ?? "1") * 1000));
        continue;
      }
      return { status: r.status, body: JSON.parse(r.text) as Record<string, unknown> };
    } catch (err) {
      if (Date.now() > giveUpAt) throw err;
      stats.retried++;
      await sleep(100);
    }
  }
}

/** Trade until `stop()`; it resolves after the market under way has finished. */
export interface ExchangeLoad {
  /** Resolves once a market opened after `t` has been won (or after `ms`). */
  wonAfter(t: number, ms: number): Promise<boolean>;
  stop(): Promise<ExchangeLoadResult>;
}

export async function startExchangeLoad(url: string): Promise<ExchangeLoad> {
  const stats = { retried: 0 };
  const errors: string[] = [];
  const won: string[] = [];
  const wonAt: number[] = [];
  const register = async (name: string) => {
    const r = await exchangeCall(url, "POST", "/agents", { name }, undefined, stats);
    if (r.status !== 201) throw new Error(`register ${name}: ${r.status} ${JSON.stringify(r.body)}`);
    return { agent_id: r.body.agent_id as string, token: r.body.token as string };
  };
  const requester = await register("scale-requester");
  const seller = await register("scale-seller");
  let stopping = false;
  const trade = async (n: number): Promise<void> => {
    const opened = await exchangeCall(
      url,
      "POST",
      "/markets/requests",
      { terms: TERMS, duration_ms: 120_000 },
      requester.token,
      stats,
    );
    if (opened.status !== 201) throw new Error(`open ${n}: ${opened.status} ${JSON.stringify(opened.body)}`);
    const market_id = opened.body.market_id as string;
    for (const action of [{ type: "engage" }, { type: "submit", price: 7000, pitch: GOOD_PITCH }]) {
      const r = await exchangeCall(
        url,
        "POST",
        "/markets/act",
        { market_id, action, client_key: `${market_id}:${action.type}` },
        seller.token,
        stats,
      );
      if (r.status !== 200) throw new Error(`${action.type} ${n}: ${r.status} ${JSON.stringify(r.body)}`);
    }
    const end = Date.now() + 30_000;
    while (Date.now() < end) {
      const v = await exchangeCall(url, "GET", `/markets/${market_id}`, undefined, seller.token, stats);
      if ((v.body.me as { won?: boolean } | undefined)?.won === true) {
        won.push(market_id);
        wonAt.push(Date.now());
        return;
      }
      await sleep(50);
    }
    throw new Error(`market ${n} (${market_id}) not won within 30 s`);
  };
  const running = (async () => {
    for (let n = 0; !stopping; n++) {
      try {
        await trade(n);
      } catch (err) {
        errors.push(String(err));
        if (errors.length > 5) return;
      }
    }
  })();
  return {
    wonAfter: async (t, ms) => {
      const end = Date.now() + ms;
      while (!wonAt.some((at) => at > t) && Date.now() < end && errors.length === 0) await sleep(100);
      return wonAt.some((at) => at > t);
    },
    stop: async () => {
      stopping = true;
      await running;
      return { agents: [requester, seller], won, wonAt, retried: stats.retried, errors };
    },
  };
}
