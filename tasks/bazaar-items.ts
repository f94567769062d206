/** The ten bazaar items; episode k sells item (k − 1) mod 10 (REFERENCE §14.1). */
export const BAZAAR_ITEMS: readonly string[] = [
  "handwoven silk scarf",
  "brass table lamp",
  "leather messenger bag",
  "ceramic tea set",
  "sandalwood incense box",
  "hand-painted pottery",
  "embroidered cushion cover",
  "copper water bottle",
  "jute tote bag",
  "wooden chess set",
];
