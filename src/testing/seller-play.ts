import type { SellerObservation } from "../../env/seller-role/seller-observation";
import { scriptedSellerAgent } from "../../tasks/seller-role/scripted-seller-agent";
import type { EngineSessionService } from "../sessions/engine-session-service";

/** Up to `n` scripted seller steps in a seller-role session (until the deal closes), with each response as JSON. */
export async function playScriptedSeller(
  svc: EngineSessionService,
  sid: string,
  obs: SellerObservation,
  n: number,
): Promise<{ obs: SellerObservation; trace: string[] }> {
  let o = obs;
  const trace: string[] = [];
  for (let k = 0; k < n && o.deal_outcome === null; k++) {
    const r = await svc.stepSeller({ session_id: sid, action: scriptedSellerAgent(o) });
    trace.push(JSON.stringify(r));
    o = r.observation;
  }
  return { obs: o, trace };
}
