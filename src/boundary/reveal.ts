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
