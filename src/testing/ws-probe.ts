import WebSocket from "ws";

export type ProbeEvent =
  | { kind: "frame"; frame: { type: string; data: Record<string, unknown> } }
  | { kind: "close"; code: number };

/**
 * A WebSocket test client that buffers every event from the moment the socket exists, so
 * frames the server sends right after the upgrade are never missed.
 */
export class WsProbe {
  private readonly events: ProbeEvent[] = [];
  private waiter: ((e: ProbeEvent) => void) | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => this.push({ kind: "frame", frame: JSON.parse(String(data)) }));
    socket.on("close", (code) => this.push({ kind: "close", code }));
  }

  static open(url: string): Promise<WsProbe> {
    const socket = new WebSocket(url);
    const probe = new WsProbe(socket);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(probe));
      socket.once("error", reject);
    });
  }

  private push(e: ProbeEvent): void {
    const w = this.waiter;
    if (w) {
      this.waiter = null;
      w(e);
    } else {
      this.events.push(e);
    }
  }

  next(): Promise<ProbeEvent> {
    const e = this.events.shift();
    if (e) return Promise.resolve(e);
    return new Promise((resolve) => {
      this.waiter = resolve;
    });
  }

  /** The next event, which must be a frame. */
  async frame(): Promise<{ type: string; data: Record<string, unknown> }> {
    const e = await this.next();
    if (e.kind !== "frame") throw new Error(`expected a frame, the socket closed with ${e.code}`);
    return e.frame;
  }

  /** The next event, which must be the close; returns its code. */
  async closed(): Promise<number> {
    const e = await this.next();
    if (e.kind !== "close") throw new Error(`expected a close, got frame ${JSON.stringify(e.frame)}`);
    return e.code;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  /** Send a frame and read its reply. */
  async ask(frame: unknown): Promise<{ type: string; data: Record<string, unknown> }> {
    this.send(frame);
    return this.frame();
  }

  close(): void {
    this.socket.close();
  }
}
