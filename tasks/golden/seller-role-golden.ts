import { resolveBuyer } from "../../buyers/registry";
import { ENGINE_VERSION } from "../../env/engine-version";
import type { EpisodeEvent } from "../../env/events";
import type { BuyerRef } from "../../env/seller-role/buyer-ref";
import type { SellerObservation } from "../../env/seller-role/seller-observation";
import type { SellerRecord } from "../../env/seller-role/seller-record";
import { scriptedSellerAgent } from "../seller-role/scripted-seller-agent";
import { openSellerRun, SELLER_ROLE_VERSION, stepSellerRun } from "../seller-role/seller-run";

export interface SellerGoldenRun {
  task: string;
  buyer: BuyerRef;
  seed: number;
  engine_version: string;
  seller_role_version: string;
  observations: SellerObservation[];
  rewards: number[];
  events: EpisodeEvent[];
  seller_result: SellerRecord | null;
  /** Careers only: the seller's record of every deal, in order. */
  career_results?: SellerRecord[];
}

/** Play a seller-role task with the scripted seller agent against a pinned buyer. */
export async function playSellerGolden(
  task: string,
  buyerKey: string,
  seed: number,
): Promise<SellerGoldenRun> {
  const buyer = resolveBuyer(buyerKey);
  const opened = await openSellerRun(task, { seed, episodeId: `golden-${task}-${seed}`, buyer });
  const observations = [opened.result.observation];
  const rewards = [opened.result.reward];
  let r = opened.result;
  for (let guard = 0; !r.done && guard < 100; guard++) {
    r = await stepSellerRun(opened.run, scriptedSellerAgent(r.observation));
    observations.push(r.observation);
    rewards.push(r.reward);
  }
  return {
    task,
    buyer: buyer.ref,
    seed,
    engine_version: ENGINE_VERSION,
    seller_role_version: SELLER_ROLE_VERSION,
    observations,
    rewards,
    // A career's episodes one after another (a single deal has no finished ones before it).
    events: [...opened.run.finished.flatMap((e) => e.events), ...opened.run.episode.events],
    seller_result: r.info.seller_result ?? null,
    ...(opened.run.finished.length > 0 ? { career_results: opened.run.records } : {}),
  };
}
