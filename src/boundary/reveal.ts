/**
 * When the seller's hidden values (cost, reservation, memory, guard records, seller type) may
 * be shown: once the episode is over AND no live episode of the same run remains. A career
 * restarts an abandoned episode with the same economics and later episodes share the seller, so
 * "episode over" alone would hand the buyer the floor of the episode it is still playing.
 */
export interface RevealFacts {
  /** The episode ended (deal, walk, expiry) or was abandoned by a reset. */
  episodeOver: boolean;
  /** Some episode of the same session run is still being played. */
  runLive: boolean;
}

export const hiddenRevealed = (f: RevealFacts): boolean => f.episodeOver && !f.runLive;

/** What storage says of a stored episode: its status, and whether its session and run go on. */
export interface StoredEpisodeFacts {
  status: string;
  /** Some episode of the same session run is still being played (its session is open). */
  runLive: boolean;
  /** The episode's session is closed or expired: nothing of it can be played any more. */
  sessionEnded: boolean;
}

/** A stored episode is over when it ended or was abandoned, or its session ended. */
export const storedEpisodeOver = (f: StoredEpisodeFacts): boolean => f.status !== "running" || f.sessionEnded;

/** The same reveal rule, applied to a stored episode. */
export const storedRevealed = (f: StoredEpisodeFacts): boolean =>
  hiddenRevealed({ episodeOver: storedEpisodeOver(f), runLive: f.runLive });
