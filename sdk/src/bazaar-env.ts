import { call } from "./http";
import type { Action, ResetOptions, StepResult } from "./types";

/**
 * One negotiation session over HTTP: `reset` starts (or restarts) it, `step` plays an action,
 * `state`/`score` read it, `close` frees the slot. The same seed and actions give the same
 * observations every time.
 */
export class BazaarEnv {
  private sessionId: string | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  get session(): string | null {
    return this.sessionId;
  }

  async reset(opts: ResetOptions = {}): Promise<StepResult> {
    const r = await call<StepResult>(this.baseUrl, "POST", "/reset", {
      body: { ...opts, ...(this.sessionId === null ? {} : { session_id: this.sessionId }) },
      headers: this.headers,
    });
    this.sessionId = r.session_id;
    return r;
  }

  async step(action: Action): Promise<StepResult> {
    return call<StepResult>(this.baseUrl, "POST", "/step", {
      body: { session_id: this.requireSession(), action },
      headers: this.headers,
    });
  }

  async state(): Promise<Record<string, unknown>> {
    return call(this.baseUrl, "GET", `/state?session_id=${encodeURIComponent(this.requireSession())}`, {
      headers: this.headers,
    });
  }

  async score(): Promise<Record<string, unknown>> {
    return call(this.baseUrl, "GET", `/score?session_id=${encodeURIComponent(this.requireSession())}`, {
      headers: this.headers,
    });
  }

  async close(): Promise<void> {
    if (this.sessionId === null) return;
    await call(this.baseUrl, "POST", "/close", {
      body: { session_id: this.sessionId },
      headers: this.headers,
    });
    this.sessionId = null;
  }

  private requireSession(): string {
    if (this.sessionId === null) throw new Error("call reset() first");
    return this.sessionId;
  }
}
