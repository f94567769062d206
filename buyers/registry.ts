import type { BuyerRef } from "../env/seller-role/buyer-ref";
import type { BuyerPolicy } from "./buyer-policy";
import { type BuyerFactoryDeps, buyerFromSpec } from "./buyer-registry";
import {
  BUYER_RELEASES,
  type BuyerRelease,
  buyerReleaseHash,
  buyerReleaseKey,
  llmBuyerHash,
} from "./releases";

/** A buyer release ready to play: what it is (ref, pinned by hash) and the policy that plays it. */
export interface ResolvedBuyer {
  ref: BuyerRef;
  policy: BuyerPolicy;
  release: BuyerRelease;
  /** For LLM buyers, the backend spec it runs on ("ollama:<tag>", "hf:<model>"); null for code buyers. */
  model: string | null;
}

export const LLM_BUYER_KEY_FORMS: readonly string[] = [
  "llm-ollama:<tag>@1",
  "llm-hf:<org/model or endpoint URL>@1",
];

const CODE_RELEASES = BUYER_RELEASES.filter((r) => r.kind !== "llm");

/** The newest LLM buyer template's version: what "llm-<backend>:<model>@N" names by default. */
export const LATEST_LLM_BUYER_VERSION = Math.max(
  ...BUYER_RELEASES.filter((r) => r.kind === "llm").map((r) => r.version),
);

/**
 * The LLM buyer key a configured model backend serves, from its LLM seller key
 * ("llm-ollama:<tag>@2" → "llm-ollama:<tag>@1"): the two templates are versioned apart.
 */
export const llmBuyerKeyFor = (sellerKey: string): string =>
  sellerKey.replace(/@\d+$/, `@${LATEST_LLM_BUYER_VERSION}`);

export const availableBuyerKeys = (): string[] => [
  ...CODE_RELEASES.map(buyerReleaseKey),
  ...LLM_BUYER_KEY_FORMS,
];

export class UnknownBuyerReleaseError extends Error {
  constructor(
    readonly requested: string,
    reason = "",
  ) {
    super(`Unknown buyer "${requested}".${reason} Available: ${availableBuyerKeys().join(", ")}`);
    this.name = "UnknownBuyerReleaseError";
  }
}

function splitKey(key: string): { id: string; version: number | null } {
  const at = key.lastIndexOf("@");
  if (at < 0) return { id: key, version: null };
  const v = key.slice(at + 1);
  return { id: key.slice(0, at), version: /^[1-9]\d{0,5}$/.test(v) ? Number(v) : Number.NaN };
}

const LLM_ID = /^llm-(ollama|hf):(.+)$/;

/**
 * Resolve "id@version" (a bare id = its latest version). LLM buyers ("llm-ollama:<tag>@1",
 * "llm-hf:<model>@1") need `deps.chatModel`, which only the shell can build.
 */
export function resolveBuyer(key: string, deps: BuyerFactoryDeps = {}): ResolvedBuyer {
  const { id, version } = splitKey(key.trim());
  if (Number.isNaN(version)) throw new UnknownBuyerReleaseError(key, " A version is a positive integer.");
  const llm = LLM_ID.exec(id);
  if (llm !== null) {
    const template = BUYER_RELEASES.find((r) => r.kind === "llm" && r.version === (version ?? 1));
    if (template === undefined) throw new UnknownBuyerReleaseError(key);
    if (deps.chatModel === undefined)
      throw new UnknownBuyerReleaseError(key, " Language-model buyers need a configured backend.");
    const model = `${llm[1]}:${llm[2]}`;
    const policy = buyerFromSpec(model, deps);
    return {
      ref: { id, version: template.version, hash: llmBuyerHash(template, model) },
      policy,
      release: template,
      model,
    };
  }
  const candidates = CODE_RELEASES.filter((r) => r.id === id && (version === null || r.version === version));
  const release = candidates.sort((a, b) => b.version - a.version)[0];
  if (release === undefined) throw new UnknownBuyerReleaseError(key);
  return {
    ref: { id: release.id, version: release.version, hash: buyerReleaseHash(release) },
    policy: buyerFromSpec(release.policy),
    release,
    model: null,
  };
}

/** GET /buyers: every code buyer release the seller role can play against, plus the LLM key forms. */
export function listBuyerDescriptions(): {
  key: string;
  id: string;
  version: number;
  kind: string;
  description: string;
  hash: string;
}[] {
  return CODE_RELEASES.map((r) => ({
    key: buyerReleaseKey(r),
    id: r.id,
    version: r.version,
    kind: r.kind,
    description: r.description,
    hash: buyerReleaseHash(r),
  }));
}
