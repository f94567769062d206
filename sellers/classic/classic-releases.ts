import type { SellerPolicy } from "../../env/seller-policy";
import { contentHash } from "../content-hash";
import { CLASSIC_LINES } from "./classic-lines";
import { CLASSIC_PARAMS, type ClassicPersona } from "./classic-params";
import { classicSeller } from "./classic-seller";

/** Version 1 of the four bazaar personas. Frozen: a change to params or lines is version 2. */
export const CLASSIC_V1_IDS: Record<ClassicPersona, string> = {
  default: "bazaar-default",
  deceptive: "bazaar-deceptive",
  impatient: "bazaar-impatient",
  collaborative: "bazaar-collaborative",
};

export function classicRelease(persona: ClassicPersona): SellerPolicy {
  const params = CLASSIC_PARAMS[persona];
  const lines = CLASSIC_LINES[persona];
  const hash = contentHash({ kind: "classic", params, lines });
  return classicSeller({ id: CLASSIC_V1_IDS[persona], version: 1, hash }, params, lines);
}
