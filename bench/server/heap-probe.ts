import WebSocket from "ws";

/**
 * The server's live heap after a full collection, read over the V8 inspector (the child runs with
 * `--inspect=127.0.0.1:0`). RSS differences move with when the collector last ran and what it has
 * returned to the OS; this figure is what sessions actually keep alive, so a real change shows.
 */
export class HeapProbe {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (msg.id !== undefined) this.pending.get(msg.id)?.(msg.result);
      if (msg.id !== undefined) this.pending.delete(msg.id);
    });
  }

  static async connect(debuggerUrl: string): Promise<HeapProbe> {
    const socket = new WebSocket(debuggerUrl);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return new HeapProbe(socket);
  }

  private call(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** KiB of heap in use after two full collections (the second catches what the first freed up). */
  async usedKb(): Promise<number> {
    await this.call("HeapProfiler.collectGarbage");
    await this.call("HeapProfiler.collectGarbage");
    const r = (await this.call("Runtime.evaluate", {
      expression: "process.memoryUsage().heapUsed",
      returnByValue: true,
    })) as { result: { value: number } };
    return r.result.value / 1024;
  }

  close(): void {
    this.socket.close();
  }
}

/** The inspector's address from node's "Debugger listening on ws://…" line, if this is it. */
export function debuggerUrlIn(line: string): string | null {
  const m = /Debugger listening on (ws:\/\/\S+)/.exec(line);
  return m ? (m[1] as string) : null;
}
