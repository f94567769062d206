import type { TextSink } from "./command-io";

/**
 * Progress on stderr: a redrawn bar with ETA on a TTY, one plain line per step elsewhere
 * (CI logs stay readable). `now` is injected so the ETA arithmetic is testable.
 */
export interface ProgressSink {
  update(done: number, total: number, label: string): void;
  finish(): void;
}

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

export function createProgress(
  stream: TextSink = process.stderr,
  now: () => number = Date.now,
): ProgressSink {
  const start = now();
  const tty = stream.isTTY === true;
  let firstDone: number | null = null;
  let startAt = start;
  let lastDecile = -1;
  return {
    update: (done, total, label) => {
      // Resumed runs start with units already done: time the ETA from the first fresh unit.
      if (firstDone === null) {
        firstDone = done;
        startAt = now();
      }
      const line = progressLine(done - firstDone, total - firstDone, now() - startAt);
      if (tty) stream.write(`\r${`${line} ${label}`.slice(0, (stream.columns ?? 120) - 1)}\x1b[K`);
      else {
        // Plain logs get a line per tenth of the work, not one per unit.
        const decile = total === 0 ? 10 : Math.floor((done / total) * 10);
        if (decile !== lastDecile) {
          lastDecile = decile;
          stream.write(`${progressLine(done, total, now() - start)} ${label}\n`);
        }
      }
    },
    finish: () => {
      if (tty) stream.write("\n");
    },
  };
}
