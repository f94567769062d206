import { episodeIdFor } from "../../env/run";
import type { Storage } from "../storage/storage";
import { ServiceError } from "./service-error";
import { clip } from "./session-errors";

const idTaken = (id: string): ServiceError =>
  new ServiceError(
    "EPISODE_ID_TAKEN",
    `Episode id "${clip(id)}" is already in use. Omit episode_id to get a fresh one, or choose another.`,
  );

/**
 * Client-chosen episode ids. Such an id is a name others may link to: it must not already name
 * any episode, stored or claimed by a reset whose first write has not committed yet.
 */
export class EpisodeIdClaims {
  private readonly claimed = new Set<string>();

  constructor(private readonly store: Storage) {}

  /** The names that would make `id` taken: itself and, for "x-3", the career "x" that owns it. */
  private static names(id: string): string[] {
    // "x-3" is what a career started as "x" names its third episode.
    const m = /^(.+)-(\d+)$/.exec(id);
    return m !== null && Number(m[2]) >= 2 ? [id, m[1] as string] : [id];
  }

  /**
   * Claim every id a run started as `first` will use; rejects with 409 if any is taken. The ids
   * are held in memory before storage is asked, so two concurrent resets cannot both get one.
   */
  async claim(first: string, total: number): Promise<string[]> {
    const ids = Array.from({ length: total }, (_, i) => episodeIdFor(first, i + 1));
    const inMemory = ids.find((id) => EpisodeIdClaims.names(id).some((n) => this.claimed.has(n)));
    if (inMemory !== undefined) throw idTaken(inMemory);
    for (const id of ids) this.claimed.add(id);
    try {
      const used = await this.store.usedEpisodeIds([...new Set(ids.flatMap(EpisodeIdClaims.names))]);
      const stored = ids.find((id) => EpisodeIdClaims.names(id).some((n) => used.has(n)));
      if (stored !== undefined) throw idTaken(stored);
    } catch (err) {
      this.release(ids);
      throw err;
    }
    return ids;
  }

  /** Committed ids are found in storage from now on; failed ones are free again. */
  release(ids: readonly string[]): void {
    for (const id of ids) this.claimed.delete(id);
  }
}
