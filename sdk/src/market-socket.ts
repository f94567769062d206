import type { ActReply, AgentAction, InboxItem, MarketView, TapeItem } from "./types";
import { BazaarError } from "./types";

/** The constructor shape of the `ws` package's WebSocket (Node 20 has no global one that sends headers). */
export type WebSocketClass = new (
  url: string,
  opts: { headers: Record<string, string> },
) => {
  on(event: "message", fn: (data: unknown) => void): unknown;
  on(event: "open" | "close", fn: () => void): unknown;
  on(event: "error", fn: (err: Error) => void): unknown;
  send(data: string): void;
  close(): void;
};

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/**
 * An agent's WebSocket to `/agents/ws`: inbox items and (after `watchTape`) tape items arrive
 * as pushes; `act` and `view` return promises matched by frame id.
 */
export class MarketSocket {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly sock: InstanceType<WebSocketClass>;
  onInbox: (item: InboxItem) => void = () => undefined;
  onTape: (item: TapeItem) => void = () => undefined;

  private constructor(WS: WebSocketClass, baseUrl: string, headers: Record<string, string>) {
    this.sock = new WS(`${baseUrl.replace(/^http/, "ws").replace(/\/$/, "")}/agents/ws`, { headers });
    this.sock.on("message", (data) => this.receive(String(data)));
    this.sock.on("close", () => {
      for (const p of this.pending.values()) p.reject(new Error("socket closed"));
      this.pending.clear();
    });
  }

  static open(WS: WebSocketClass, baseUrl: string, headers: Record<string, string>): Promise<MarketSocket> {
    const s = new MarketSocket(WS, baseUrl, headers);
    return new Promise((resolve, reject) => {
      s.sock.on("open", () => resolve(s));
      s.sock.on("error", reject);
    });
  }

  act(marketId: string, action: AgentAction, clientKey?: string): Promise<ActReply> {
    return this.request({
      type: "act",
      data: { market_id: marketId, action, ...(clientKey === undefined ? {} : { client_key: clientKey }) },
    }) as Promise<ActReply>;
  }

  view(marketId: string): Promise<MarketView> {
    return this.request({ type: "view", market_id: marketId }) as Promise<MarketView>;
  }

  /** Ask for inbox items queued after `after` (pushes then continue as usual). */
  catchUp(after: number): void {
    this.sock.send(JSON.stringify({ type: "inbox", after }));
  }

  watchTape(after = 0): void {
    this.sock.send(JSON.stringify({ type: "tape", after }));
  }

  close(): void {
    this.sock.close();
  }

  private request(frame: Record<string, unknown>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.sock.send(JSON.stringify({ ...frame, id }));
    });
  }

  private receive(text: string): void {
    const f = JSON.parse(text) as {
      type: string;
      id?: number | null;
      data?: unknown;
      error?: { status: number; code: string; message: string };
    };
    if (f.type === "inbox") {
      this.onInbox(f.data as InboxItem);
      return;
    }
    if (f.type === "tape") {
      this.onTape(f.data as TapeItem);
      return;
    }
    const p = typeof f.id === "number" ? this.pending.get(f.id) : undefined;
    if (p === undefined) return;
    this.pending.delete(f.id as number);
    if (f.type === "error" && f.error !== undefined)
      p.reject(new BazaarError(f.error.status, f.error.code, f.error.message));
    else p.resolve(f.data);
  }
}
