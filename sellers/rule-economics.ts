import { round2 } from "../env/money";
import type { SellerMemory, SellerSetup } from "../env/seller-policy";

/** Reservation and ceiling shared by the library's rule sellers; the ceiling never sits below the floor. */
export function ruleEconomics(
  setup: SellerSetup,
  anchorMultiplier: number,
  reserveMultiplier: number,
): { reservation: number; ceiling: number; inventoryPressure: number } {
  const reservation = round2(setup.cost * reserveMultiplier);
  const ceiling = round2(Math.max(setup.anchorBase * anchorMultiplier, reservation));
  return { reservation, ceiling, inventoryPressure: setup.inventory <= 1 ? 0.5 : 1.0 };
}

export function memoryNumber(m: SellerMemory, key: string, fallback: number): number {
  const v = m[key];
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}
