/** What a client is told while the database cannot be reached: nothing was stored, retry soon. */
export const STORAGE_UNAVAILABLE_MESSAGE =
  "The server's database is unreachable: nothing from this request was stored. Retry shortly.";

/** Seconds a client should wait before retrying a request refused with STORAGE_UNAVAILABLE. */
export const STORAGE_RETRY_AFTER_S = 2;

/**
 * The database server could not be reached (refused, dropped, timed out). Distinct from a query
 * Postgres refused: that is a bug or a constraint, this is an outage a retry may outlive.
 */
export class StorageUnavailableError extends Error {
  readonly code = "STORAGE_UNAVAILABLE";
  constructor(detail: string) {
    super(`Postgres unavailable: ${detail}`);
    this.name = "StorageUnavailableError";
  }
}

export function isStorageUnavailable(err: unknown): boolean {
  return err instanceof StorageUnavailableError;
}
