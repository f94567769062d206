/**
 * Runs tasks one after another in submission order. Handlers are async, so without this a
 * quick `state` could overtake a slow `step` and the client would pair replies wrongly.
 */
export class SerialQueue {
  private tail: Promise<void> = Promise.resolve();

  push(task: () => Promise<void> | void): Promise<void> {
    const next = this.tail.then(task).catch(() => undefined);
    this.tail = next;
    return next;
  }

  /** Resolves once everything submitted so far has finished. */
  drained(): Promise<void> {
    return this.tail;
  }
}
