import type { GraderKind } from "./graders/grade";
import type { TaskDraws } from "./v2/task-draws";

/** A named, versioned negotiation setting (REFERENCE §3.1–3.2). Any change to a value is a new version. */
export interface TaskDefinition {
  id: string;
  version: string;
  difficulty: "easy" | "medium" | "hard" | "expert";
  description: string;
  totalEpisodes: number;
  /** Rounds each episode gets before persona adjustments (D3: explicit, never max_steps // episodes). */
  roundsPerEpisode: number;
  buyerBudget: number;
  sellerCost: number;
  anchorMultiplier: number;
  concessionRate: number;
  buyerDeadline: number | null;
  inventory: number;
  batnaProbability: number;
  enableCareer: boolean;
  successThreshold: number;
  /** The pinned seller this task plays against by default, "id@version". */
  seller: string;
  grader: GraderKind;
  /** Where items come from: the ten bazaar items, or a product catalog drawn per episode. */
  items: "bazaar" | "listings";
  revealPersonality: boolean;
  /** Several buyers compete in the arena; through /reset it is a single-buyer deal. */
  numBuyers: number;
  /**
   * Version 2 only: per-seed distributions of the economics and the hidden seller type. When
   * present, budget, cost, ask, rounds and deadline above are only the documented centre values.
   */
  draws?: TaskDraws;
  /** From version 3: the environment's notices write prices exactly (see EpisodeSpec.money). */
  money?: "exact";
  /**
   * Market tasks (marketplace_arena@4): the rival field release, "id@version"
   * (markets/arena/rival-releases.ts). The episode then sits in a listing market beside
   * rivals drawn from it per seed.
   */
  arena?: string;
}
