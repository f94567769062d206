import { episodeIdFor } from "../../env/run";
import type { Storage } from "../storage/storage";
import { ServiceError } from "./service-error";
import { clip } from "./session-errors";

/**
 * Client-chosen episode ids. Such an id is a name others may link to: it must not already name
 * any episode, stored or claimed by a reset whose first write has not committed yet.
 */
export class EpisodeIdClaims {
  private readonly claimed = new Set<string>();

  constructor(private readonly store: Storage) {}

  private taken(id: string): boolean {
    if (this.claimed.has(id) || this.store.episodeIdUsed(id)) return true;
    // "x-3" is what a career started as "x" names its third episode.
    const m = /^(.+)-(\d+)$/.exec(id);
    return (
      m !== null &&
      Number(m[2]) >= 2 &&
      (this.claimed.has(m[1] as string) || this.store.episodeIdUsed(m[1] as string))
    );
  }

  /** Claim every id a run started as `first` will use; throws 409 if any is taken. */
  claim(first: string, total: number): string[] {
    const ids = Array.from({ length: total }, (_, i) => episodeIdFor(first, i + 1));
    const taken = ids.find((id) => this.taken(id));
    if (taken !== undefined) {
      throw new ServiceError(
        "EPISODE_ID_TAKEN",
        `Episode id "${clip(taken)}" is already in use. Omit episode_id to get a fresh one, or choose another.`,
      );
    }
    for (const id of ids) this.claimed.add(id);
    return ids;
  }

  /** Committed ids are found in storage from now on; failed ones are free again. */
  release(ids: readonly string[]): void {
    for (const id of ids) this.claimed.delete(id);
  }
}
