import type { TextSink } from "./command-io";

/**
 * Progress on stderr: a redrawn bar with ETA on a TTY; elsewhere (CI logs, `| tee`) plain lines
 * with the rate and ETA, one per tenth of the work and at least every `quietMs` while the run is
 * going, so a slow model-buyer run never looks hung. `now` and `every` are injected so the
 * arithmetic and the heartbeat are testable without waiting.
 */
export interface ProgressSink {
  update(done: number, total: number, label: string): void;
  finish(): void;
}

/** Calls `fn` every `ms` until the returned stop function runs; must not keep the process alive. */
export type Every = (ms: number, fn: () => void) => () => void;

const realEvery: Every = (ms, fn) => {
  const t = setInterval(fn, ms);
  t.unref();
  return () => clearInterval(t);
};

/** Longest silence in a plain log while units are running. */
export const QUIET_MS = 5_000;

export function formatEta(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "--:--";
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  return `${String(m).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

export function progressLine(done: number, total: number, elapsedMs: number, width = 24): string {
  const frac = total === 0 ? 1 : done / total;
  const filled = Math.round(frac * width);
  const eta = done === 0 ? Number.NaN : (elapsedMs / done) * (total - done);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${(frac * 100).toFixed(0)}% ETA ${formatEta(eta)}`;
}

/** Units per minute so far, or "-" before the first one finishes. */
export function formatRate(done: number, elapsedMs: number): string {
  if (done === 0 || elapsedMs <= 0) return "- runs/min";
  const perMin = (done / elapsedMs) * 60_000;
  return `${perMin >= 10 ? perMin.toFixed(0) : perMin.toFixed(1)} runs/min`;
}

export function createProgress(
  stream: TextSink = process.stderr,
  now: () => number = Date.now,
  every: Every = realEvery,
): ProgressSink {
  const tty = stream.isTTY === true;
  let firstDone: number | null = null;
  let startAt = now();
  let lastDecile = -1;
  let lastLineAt = startAt;
  let lastUnitAt = startAt;
  let latest = { done: 0, total: 0, label: "" };
  let stop: (() => void) | null = null;

  // Resumed runs start with units already done: the pace counts fresh units only.
  const plain = (waiting: boolean): string => {
    const fresh = latest.done - (firstDone ?? latest.done);
    const elapsed = now() - startAt;
    const line = `${progressLine(fresh, latest.total - (firstDone ?? 0), elapsed)} ${formatRate(fresh, elapsed)}`;
    const what = waiting
      ? `still running, ${formatEta(now() - lastUnitAt)} since ${latest.label === "" ? "the start" : `the last run (${latest.label})`}`
      : latest.label;
    return `${line} ${what}`.trimEnd();
  };
  const writePlain = (waiting: boolean): void => {
    stream.write(`${plain(waiting)}\n`);
    lastLineAt = now();
  };

  if (!tty) {
    stop = every(QUIET_MS, () => {
      if (now() - lastLineAt >= QUIET_MS) writePlain(true);
    });
  }
  return {
    update: (done, total, label) => {
      if (firstDone === null) {
        firstDone = done;
        startAt = now();
      }
      latest = { done, total, label };
      lastUnitAt = now();
      if (tty) {
        const line = progressLine(done - firstDone, total - firstDone, now() - startAt);
        stream.write(`\r${`${line} ${label}`.slice(0, (stream.columns ?? 120) - 1)}\x1b[K`);
        return;
      }
      const decile = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (decile !== lastDecile || now() - lastLineAt >= QUIET_MS) {
        lastDecile = decile;
        writePlain(false);
      }
    },
    finish: () => {
      stop?.();
      stop = null;
      if (tty) stream.write("\n");
    },
  };
}
