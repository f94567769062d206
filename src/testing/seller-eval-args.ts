/**
 * `bazaar eval --role seller` arguments the tests share: the scripted seller agent on both
 * seller-role tasks. Each test adds its own buyers, seeds, run id and output.
 */
export const SCRIPTED_SELLER_EVAL = [
  "--role",
  "seller",
  "--agent",
  "scripted",
  "--task",
  "sell_single_deal@2",
  "--task",
  "sell_tough_buyer@2",
] as const;
