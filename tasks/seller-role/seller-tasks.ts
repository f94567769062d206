/**
 * Seller-role tasks: the agent holds the seller's brief and plays a pinned BUYER. Each names
 * the buyer-role task whose per-seed economics it borrows (item, cost, ask, budget, rounds, the
 * seller persona whose floor the agent holds) so both roles draw from one documented
 * distribution. Any change to a value is a new version.
 */
export interface SellerTaskDefinition {
  id: string;
  version: string;
  difficulty: "easy" | "medium" | "hard";
  description: string;
  /** The buyer-role task ("id@version") that draws each seed's economics and persona. */
  economics: string;
  /** The pinned buyer this task plays against by default, "id@version". */
  buyer: string;
  successThreshold: number;
  /** Careers: deals in a row with the same buyer (1 when omitted). */
  totalEpisodes?: number;
}

export const SELLER_TASKS: readonly SellerTaskDefinition[] = [
  {
    id: "sell_single_deal",
    version: "1",
    difficulty: "medium",
    description:
      "Sell one item to a rule buyer that reads your words for deception. Hold your price above your reservation; the buyer's budget is hidden and drawn per seed.",
    economics: "single_deal@2",
    buyer: "rule-smart@1",
    successThreshold: 0.3,
  },
  {
    id: "sell_tough_buyer",
    version: "1",
    difficulty: "hard",
    description:
      "Sell to a Boulware buyer that barely moves until the last rounds, against a private deadline of its own: concede too early and you leave money on the table, hold too long and it walks.",
    economics: "asymmetric_pressure@2",
    buyer: "boulware@1",
    successThreshold: 0.3,
  },
  // Version 2 of both: the same draws from the v3 buyer tasks (v2's economics against the
  // responsive seller in honest speech, `responsive@2`), whose specs say `money: "exact"`, so the
  // persona's opening line and the environment's notices name a price as the game holds it
  // ("Deal closed at ₹52.73", never "₹53" beside ₹52.73). @1 stays as released.
  {
    id: "sell_single_deal",
    version: "2",
    difficulty: "medium",
    description:
      "Sell one item to a rule buyer that reads your words for deception. Hold your price above your reservation; the buyer's budget is hidden and drawn per seed. Prices are said exactly, to the paisa.",
    economics: "single_deal@3",
    buyer: "rule-smart@1",
    successThreshold: 0.3,
  },
  {
    id: "sell_tough_buyer",
    version: "2",
    difficulty: "hard",
    description:
      "Sell to a Boulware buyer that barely moves until the last rounds, against a private deadline of its own: concede too early and you leave money on the table, hold too long and it walks. Prices are said exactly, to the paisa.",
    economics: "asymmetric_pressure@3",
    buyer: "boulware@1",
    successThreshold: 0.3,
  },
  // A career: five sales in a row to ONE buyer that remembers how fast this seller conceded in
  // the earlier deals (career-smart@1): caving early is read as softness and costs later deals.
  {
    id: "sell_career_5",
    version: "1",
    difficulty: "hard",
    description:
      "Five sales in a row to the same buyer, who remembers you: concede fast in the early deals and it opens lower and raises slower in the later ones. Graded over all five; prices said exactly.",
    economics: "career_10@3",
    buyer: "career-smart@1",
    successThreshold: 0.3,
    totalEpisodes: 5,
  },
];

/** What "the current seller-role tasks" means wherever a default points at them (/web/sell, docs). */
export const CURRENT_SELLER_TASK_KEYS: readonly string[] = [
  "sell_single_deal@2",
  "sell_tough_buyer@2",
  "sell_career_5@1",
];

export const sellerTaskKey = (t: Pick<SellerTaskDefinition, "id" | "version">): string =>
  `${t.id}@${t.version}`;

export const SELLER_TASK_KEYS: readonly string[] = SELLER_TASKS.map(sellerTaskKey);

export class UnknownSellerTaskError extends Error {
  constructor(readonly requested: string) {
    super(
      `Unknown seller-role task "${requested}". Available: ${SELLER_TASK_KEYS.join(", ")} (a bare id is version 1).`,
    );
    this.name = "UnknownSellerTaskError";
  }
}

export function requireSellerTask(ref: string): SellerTaskDefinition {
  const r = ref.trim();
  const at = r.lastIndexOf("@");
  const id = at < 0 ? r : r.slice(0, at);
  const version = at < 0 ? "1" : r.slice(at + 1);
  const task = SELLER_TASKS.find((t) => t.id === id && t.version === version);
  if (task === undefined) throw new UnknownSellerTaskError(ref);
  return task;
}
