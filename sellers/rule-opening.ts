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
  return speakOpening(setup, rngs, lines, {
    anchor,
    reservation: e.reservation,
    inventoryPressure: e.inventoryPressure,
    memory,
  });
}

/** The opening line said at `anchor`, and the opening it makes, for economics a seller chose itself. */
export function speakOpening(
  setup: SellerSetup,
  rngs: SellerRngs,
  lines: RuleLines,
  o: { anchor: number; reservation: number; inventoryPressure: number; memory: SellerMemory },
): SellerOpening {
  const said = sayLine(
    lines,
    lines.open,
    "open",
    rngs.phrasing,
    setup.itemName,
    o.anchor,
    o.reservation,
    o.memory,
  );
  return {
    anchor: o.anchor,
    reservation: o.reservation,
    maxRounds: setup.rounds,
    inventoryPressure: o.inventoryPressure,
    message: said.text,
    memory: said.memory,
  };
}
