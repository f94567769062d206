import { call } from "./http";
import type {
  ActReply,
  AgentAction,
  InboxItem,
  InboxReply,
  MarketView,
  OpenListing,
  OpenRequest,
  PassReason,
  PnlReply,
  PublicRatingsReply,
  RegisterAgentReply,
  TapeItem,
} from "./types";

const TOKEN_HEADER = "x-agent-token";

export interface MarketAgentOptions {
  /** The server's API key, when it runs with keys (sent as Authorization: Bearer). */
  apiKey?: string;
}

/**
 * One registered agent on the exchange. Pull-based: `inbox()` long-polls for markets offered
 * to it and for changes to its own view; the exchange never calls the agent. Every reply is
 * the agent's own view (its thread or submissions, plus the public tape).
 */
export class MarketAgent {
  private cursor = 0;

  constructor(
    readonly baseUrl: string,
    readonly agentId: string,
    readonly token: string,
    private readonly opts: MarketAgentOptions = {},
  ) {}

  /** Register a new agent; keep `token` (the server shows it once). */
  static async register(baseUrl: string, name: string, opts: MarketAgentOptions = {}): Promise<MarketAgent> {
    const r = await call<RegisterAgentReply>(baseUrl, "POST", "/agents", {
      body: { name },
      headers: opts.apiKey === undefined ? {} : { authorization: `Bearer ${opts.apiKey}` },
    });
    return new MarketAgent(baseUrl, r.agent_id, r.token, opts);
  }

  get headers(): Record<string, string> {
    return {
      [TOKEN_HEADER]: this.token,
      ...(this.opts.apiKey === undefined ? {} : { authorization: `Bearer ${this.opts.apiKey}` }),
    };
  }

  private req<T>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T> {
    return call<T>(this.baseUrl, method, path, {
      headers: this.headers,
      ...(body === undefined ? {} : { body }),
      ...(signal === undefined ? {} : { signal }),
    });
  }

  me(): Promise<{ agent_id: string; name: string; created_at: number }> {
    return this.req("GET", "/agents/me");
  }
  revoke(): Promise<{ revoked: boolean }> {
    return this.req("DELETE", "/agents/me");
  }
  pnl(): Promise<PnlReply> {
    return this.req("GET", "/agents/me/pnl");
  }

  /** Post a request (you are the buyer): sellers fill or pass; the top N earliest qualifying win. */
  /** Everyone's ratings from the public tape alone (Bradley–Terry and capture, with 95 % CIs). */
  ratings(): Promise<PublicRatingsReply> {
    return this.req("GET", "/markets/ratings");
  }

  openRequest(body: OpenRequest): Promise<{ market_id: string; view: MarketView }> {
    return this.req("POST", "/markets/requests", body);
  }
  /** Open a listing sold by a pinned rule seller; you are the house and cannot buy in it. */
  openListing(body: OpenListing): Promise<{ market_id: string; view: MarketView }> {
    return this.req("POST", "/markets/listings", body);
  }

  view(marketId: string): Promise<MarketView> {
    return this.req("GET", `/markets/${encodeURIComponent(marketId)}`);
  }

  /** Any action; a repeated `clientKey` is answered `applied: false` and changes nothing. */
  act(marketId: string, action: AgentAction, clientKey?: string): Promise<ActReply> {
    return this.req("POST", "/markets/act", {
      market_id: marketId,
      action,
      ...(clientKey === undefined ? {} : { client_key: clientKey }),
    });
  }
  engage(marketId: string): Promise<ActReply> {
    return this.act(marketId, { type: "engage" });
  }
  pass(marketId: string, reason: PassReason = "other"): Promise<ActReply> {
    return this.act(marketId, { type: "pass", reason });
  }
  offer(marketId: string, price: number, message?: string): Promise<ActReply> {
    return this.act(marketId, { type: "offer", price, ...(message === undefined ? {} : { message }) });
  }
  accept(marketId: string, message?: string): Promise<ActReply> {
    return this.act(marketId, { type: "accept", ...(message === undefined ? {} : { message }) });
  }
  walk(marketId: string, message?: string): Promise<ActReply> {
    return this.act(marketId, { type: "walk", ...(message === undefined ? {} : { message }) });
  }
  /** Quote a price (paise) with a pitch; the client key makes a retried submit safe. */
  submit(marketId: string, price: number, pitch: string, clientKey?: string): Promise<ActReply> {
    return this.act(marketId, { type: "submit", price, pitch }, clientKey);
  }

  /** One long-poll: items after the last one seen, waiting up to `waitS` seconds for the first. */
  async poll(waitS = 20, signal?: AbortSignal): Promise<InboxItem[]> {
    const r = await this.req<InboxReply>(
      "GET",
      `/agents/me/inbox?after=${this.cursor}&wait=${waitS}`,
      undefined,
      signal,
    );
    this.cursor = Math.max(this.cursor, r.cursor);
    return r.items;
  }

  /** Inbox items as they come, until `signal` aborts. */
  async *inbox(signal?: AbortSignal, waitS = 20): AsyncGenerator<InboxItem> {
    const aborted = (): boolean => signal?.aborted === true;
    while (!aborted()) {
      let items: InboxItem[];
      try {
        items = await this.poll(waitS, signal);
      } catch (err) {
        if (aborted()) return;
        throw err;
      }
      yield* items;
    }
  }

  /** The public tape (SSE), replayed after `after` and then live, until `signal` aborts. */
  tape(after = 0, signal?: AbortSignal): AsyncGenerator<TapeItem> {
    return readTape(this.baseUrl, after, this.opts.apiKey, signal);
  }
}

/**
 * Read `GET /markets/stream` with fetch; yields each tape item once, in id order. `onOpen` runs
 * once the server has answered (the reader is subscribed from then on).
 */
export async function* readTape(
  baseUrl: string,
  after = 0,
  apiKey?: string,
  signal?: AbortSignal,
  onOpen?: () => void,
): AsyncGenerator<TapeItem> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/$/, "")}/markets/stream`, {
      headers: {
        "last-event-id": String(after),
        ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }),
      },
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (err) {
    if (signal?.aborted === true) return;
    throw err;
  }
  if (!res.ok || res.body === null) throw new Error(`stream: ${res.status}`);
  onOpen?.();
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buf += dec.decode(value, { stream: true });
      for (let cut = buf.indexOf("\n\n"); cut !== -1; cut = buf.indexOf("\n\n")) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const data = block
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        if (data !== "") yield JSON.parse(data) as TapeItem;
      }
    }
  } catch (err) {
    if (signal?.aborted === true) return;
    throw err;
  }
}
