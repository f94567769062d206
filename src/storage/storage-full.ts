/**
 * Failures that mean "no room to write": SQLite's own SQLITE_FULL, the I/O errors it reports
 * when write(2) fails (ENOSPC, or EFBIG past a file-size limit), and those errno codes when a
 * write fails outside SQLite. Read errors are not in this set: they mean something else.
 */
const FULL_CODES = new Set([
  "SQLITE_FULL",
  "SQLITE_IOERR",
  "SQLITE_IOERR_WRITE",
  "SQLITE_IOERR_FSYNC",
  "SQLITE_IOERR_TRUNCATE",
  "ENOSPC",
  "EFBIG",
  "EDQUOT",
]);

/** The writer thread hands errors back as text only (worker-writer.ts), so their messages count too. */
const FULL_MESSAGE = /database or disk is full|disk I\/O error|SQLITE_FULL|SQLITE_IOERR_WRITE|ENOSPC|EFBIG/;

/** What a client is told when a write is refused for lack of space: it may retry later. */
export const STORAGE_FULL_MESSAGE =
  "The server's disk is full: nothing from this request was stored. Retry once space is freed.";

export function isStorageFull(err: unknown): boolean {
  if (err === null || typeof err !== "object") return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === "string" && FULL_CODES.has(code)) return true;
  return typeof message === "string" && FULL_MESSAGE.test(message);
}
