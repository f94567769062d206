/**
 * What simulated markets trade: goods for listing markets (list price in rupees, seller cost
 * as a share of it) and jobs for request markets (criteria a pitch must address). Written
 * for the simulation; prices span tiers so cheap jobs are not worth every agent's effort.
 */
export interface GoodsLine {
  name: string;
  category: string;
  listPrice: number;
  costShare: number;
}

export const GOODS: readonly GoodsLine[] = [
  { name: "brass diya set", category: "decor", listPrice: 850, costShare: 0.55 },
  { name: "hand-block printed kurta", category: "apparel", listPrice: 1400, costShare: 0.5 },
  { name: "refurbished phone", category: "electronics", listPrice: 9000, costShare: 0.7 },
  { name: "second-hand bicycle", category: "sport", listPrice: 4200, costShare: 0.6 },
  { name: "pressure cooker", category: "kitchen", listPrice: 2100, costShare: 0.62 },
  { name: "wool shawl", category: "apparel", listPrice: 3200, costShare: 0.45 },
  { name: "study table", category: "furniture", listPrice: 5600, costShare: 0.58 },
  { name: "cricket bat", category: "sport", listPrice: 2600, costShare: 0.52 },
];

export interface JobLine {
  name: string;
  kind: "item" | "service";
  description: string;
  criteria: readonly string[];
}

export const JOBS: readonly JobLine[] = [
  {
    name: "tea stall logo",
    kind: "service",
    description: "a simple logo that reads well on a signboard",
    criteria: ["vector files", "two revisions", "delivery in five days"],
  },
  {
    name: "menu translation",
    kind: "service",
    description: "a one-page menu from Hindi into English",
    criteria: ["native speaker review", "same layout", "delivery tomorrow"],
  },
  {
    name: "wedding photo album",
    kind: "item",
    description: "a printed album of forty pages",
    criteria: ["matte finish", "hard cover", "free shipping", "proof before print"],
  },
  {
    name: "shop website",
    kind: "service",
    description: "a small site with a catalogue and a contact form",
    criteria: ["mobile friendly", "one year hosting", "source code handed over"],
  },
  {
    name: "bulk rice order",
    kind: "item",
    description: "fifty kilos of sona masoori",
    criteria: ["sealed bags", "delivery this week"],
  },
  {
    name: "tax filing help",
    kind: "service",
    description: "an income tax return for a salaried person",
    criteria: ["chartered accountant", "acknowledgement copy", "fixed fee"],
  },
];

/** Price tiers for request markets, in paise (₹50 to ₹5,000). */
export const REQUEST_PRICE_TIERS: readonly number[] = [5_000, 20_000, 50_000, 100_000, 250_000, 500_000];

/** Released rule sellers that take turns running listing markets. */
export const LISTING_SELLERS: readonly string[] = [
  "bazaar-default@1",
  "boulware@1",
  "linear@1",
  "conceder@1",
  "tit-for-tat@1",
  "bazaar-impatient@1",
];
