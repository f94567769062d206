import type { SellerMemory, SellerOpening, SellerRngs, SellerSetup } from "../env/seller-policy";
import { ruleEconomics } from "./rule-economics";
import { type RuleLines, sayLine } from "./seller-lines";

type Economics = ReturnType<typeof ruleEconomics>;

/**
 * The opening every library rule seller makes: shared economics (reservation, ceiling,
 * inventory pressure), the task's horizon, and an opening line in the line set's speech.
 * `shape` picks the opening ask and the seller's starting memory from the economics.
 */
export function ruleOpening(
  setup: SellerSetup,
  rngs: SellerRngs,
  lines: RuleLines,
  multipliers: { anchor: number; reserve: number },
  shape: (e: Economics) => { anchor: number; memory: SellerMemory },
): SellerOpening {
  const e = ruleEconomics(setup, multipliers.anchor, multipliers.reserve);
  const { anchor, memory } = shape(e);
  const said = sayLine(
    lines,
    lines.open,
    "open",
    rngs.phrasing,
    setup.itemName,
    anchor,
    e.reservation,
    memory,
  );
  return {
    anchor,
    reservation: e.reservation,
    maxRounds: setup.rounds,
    inventoryPressure: e.inventoryPressure,
    message: said.text,
    memory: said.memory,
  };
}
