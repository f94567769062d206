import type { TaskDefinition } from "./task-definition";

const base = {
  version: "1",
  totalEpisodes: 1,
  roundsPerEpisode: 8,
  buyerBudget: 100,
  sellerCost: 30,
  anchorMultiplier: 2.0,
  concessionRate: 0.08,
  buyerDeadline: null,
  inventory: 1,
  batnaProbability: 0.05,
  enableCareer: false,
  successThreshold: 0.3,
  seller: "bazaar-default@1",
  items: "bazaar",
  revealPersonality: true,
  numBuyers: 1,
} as const;

/** The nine tasks of the original environment, with its bugs fixed (D3: read_the_tells plays 10 rounds). */
export const TASKS: readonly TaskDefinition[] = [
  {
    ...base,
    id: "single_deal",
    difficulty: "easy",
    description:
      "One negotiation for one item. Each side knows only its own numbers; the seller concedes at a steady pace.",
    grader: "single_deal",
  },
  {
    ...base,
    id: "asymmetric_pressure",
    difficulty: "medium",
    description:
      "You must close by round 5 (a private deadline); the seller has hidden stock pressure. Read its urgency from how fast it concedes.",
    concessionRate: 0.06,
    buyerDeadline: 5,
    inventory: 5,
    batnaProbability: 0.08,
    successThreshold: 0.4,
    grader: "asymmetric",
  },
  {
    ...base,
    id: "career_10",
    difficulty: "hard",
    description:
      "Ten deals in a row with the same seller. It remembers: the more often you cave, the harder it bargains next time.",
    totalEpisodes: 10,
    concessionRate: 0.07,
    inventory: 10,
    batnaProbability: 0.1,
    enableCareer: true,
    successThreshold: 0.5,
    grader: "career",
  },
  {
    ...base,
    id: "deceptive_seller",
    difficulty: "hard",
    description:
      "A bluffing seller: invented rival buyers, fake urgency and a 15 % higher opening. Its tells give the bluff away.",
    roundsPerEpisode: 10,
    concessionRate: 0.06,
    inventory: 3,
    successThreshold: 0.35,
    seller: "bazaar-deceptive@1",
    grader: "personality",
  },
  {
    ...base,
    id: "impatient_seller",
    difficulty: "medium",
    description:
      "A seller in a hurry: big early concessions, a short horizon, and quick to walk off. Closing early pays.",
    batnaProbability: 0.15,
    seller: "bazaar-impatient@1",
    grader: "personality",
  },
  {
    ...base,
    id: "collaborative_seller",
    difficulty: "easy",
    description:
      "A fairness-minded seller with a lower opening and a thin margin. Does the buyer reciprocate?",
    concessionRate: 0.1,
    batnaProbability: 0.02,
    successThreshold: 0.4,
    seller: "bazaar-collaborative@1",
    grader: "personality",
  },
  {
    ...base,
    id: "read_the_tells",
    difficulty: "expert",
    description:
      "A bluffing seller over five deals. Grading adds a bonus for deals below the midpoint of budget and cost: read the tells, not the words.",
    totalEpisodes: 5,
    roundsPerEpisode: 10,
    anchorMultiplier: 2.2,
    concessionRate: 0.05,
    inventory: 5,
    batnaProbability: 0.08,
    enableCareer: true,
    successThreshold: 0.45,
    seller: "bazaar-deceptive@1",
    grader: "read_the_tells",
  },
  {
    ...base,
    id: "marketplace_arena",
    difficulty: "expert",
    description:
      "Several buyers want the same item. Through /reset it is a single-buyer deal with a long horizon; the arena routes add rivals.",
    roundsPerEpisode: 12,
    concessionRate: 0.06,
    numBuyers: 3,
    grader: "personality",
  },
  {
    ...base,
    id: "amazon_realistic",
    difficulty: "medium",
    description:
      "A real-world style product each episode: the seller opens at the list price (MRP) and its cost follows the street price. Tests transfer across categories and price levels.",
    buyerBudget: 1000,
    sellerCost: 400,
    items: "listings",
    grader: "amazon",
  },
];

export const TASK_IDS: readonly string[] = TASKS.map((t) => t.id);

export function findTask(id: string): TaskDefinition | undefined {
  return TASKS.find((t) => t.id === id);
}
