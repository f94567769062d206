import type { SessionService } from "../sessions/session-service";

/**
 * Wraps a real service and lets a test await each session release, so it can check that a
 * slot was freed without sleeping.
 */
export function observeCloses(inner: SessionService): {
  service: SessionService;
  nextClose(): Promise<string>;
} {
  const closed: string[] = [];
  let waiter: ((id: string) => void) | null = null;
  const service: SessionService = {
    openSession: () => inner.openSession(),
    reset: (req) => inner.reset(req),
    step: (req) => inner.step(req),
    state: (id) => inner.state(id),
    score: (id) => inner.score(id),
    capacity: () => inner.capacity(),
    close(id) {
      const result = inner.close(id);
      const w = waiter;
      if (w) {
        waiter = null;
        w(id);
      } else {
        closed.push(id);
      }
      return result;
    },
  };
  return {
    service,
    nextClose() {
      const id = closed.shift();
      if (id !== undefined) return Promise.resolve(id);
      return new Promise((resolve) => {
        waiter = resolve;
      });
    },
  };
}
