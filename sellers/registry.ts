import { type SellerPolicy, type SellerRef, sellerKey } from "../env/seller-policy";
import { buildRulePolicy, releaseHash } from "./release-build";
import type { LlmTemplateParams, ReleaseManifest, SellerKind } from "./release-manifest";
import { RELEASE_MANIFESTS, releaseKey } from "./releases";

/**
 * Every released seller, by "id@version". Released versions never change (a lock file test
 * pins their hashes); new behaviour ships as a new version beside the old one. LLM sellers
 * are open-ended (any model) and resolve in the shell (src/seller-runtime/resolve-seller-spec.ts);
 * their template release is listed here so /sellers shows what they pin.
 */
const RULE_RELEASES: readonly { manifest: ReleaseManifest; policy: SellerPolicy }[] =
  RELEASE_MANIFESTS.flatMap((manifest) => {
    const policy = buildRulePolicy(manifest);
    return policy === null ? [] : [{ manifest, policy }];
  });

const BY_KEY = new Map(RULE_RELEASES.map((r) => [sellerKey(r.policy.ref), r]));

export function listSellers(): readonly SellerPolicy[] {
  return RULE_RELEASES.map((r) => r.policy);
}

export class UnknownSellerError extends Error {
  constructor(
    readonly requested: string,
    readonly available: readonly string[],
  ) {
    super(`Unknown seller "${requested}". Available: ${available.join(", ")}`);
    this.name = "UnknownSellerError";
  }
}

type LlmManifest = Extract<ReleaseManifest, { kind: "llm" }>;
const LLM_TEMPLATES = RELEASE_MANIFESTS.filter((m): m is LlmManifest => m.kind === "llm");

/** The newest LLM template release: what an LLM seller key without "@version" pins. */
export const LATEST_LLM_VERSION = Math.max(...LLM_TEMPLATES.map((m) => m.version));

const at = `@${LATEST_LLM_VERSION}`;
/** Patterns accepted for LLM sellers, listed beside the rule keys in errors and /sellers. */
export const LLM_SELLER_KEY_FORMS: readonly string[] = [
  `llm-ollama:<tag>${at}`,
  `llm-hf:<org/model or endpoint URL>${at}`,
  `…#firm|flexible|deceptive before ${at} for a persona, e.g. llm-ollama:gemma3:4b#firm${at}`,
];

export const availableSellerKeys = (): string[] => [...BY_KEY.keys(), ...LLM_SELLER_KEY_FORMS];

/** Resolve "id@version", or a bare "id" to its latest version. */
export function resolveSeller(key: string): SellerPolicy {
  const exact = BY_KEY.get(key);
  if (exact) return exact.policy;
  if (!key.includes("@")) {
    const latest = RULE_RELEASES.filter((r) => r.policy.ref.id === key).sort(
      (a, b) => b.policy.ref.version - a.policy.ref.version,
    )[0];
    if (latest) return latest.policy;
  }
  throw new UnknownSellerError(key, availableSellerKeys());
}

/** The LLM template release of a given version (the prompt, sampling and fallbacks an LLM seller pins). */
export function llmTemplate(version = LATEST_LLM_VERSION): {
  ref: SellerRef;
  params: LlmTemplateParams;
  description: string;
} {
  const m = LLM_TEMPLATES.find((r) => r.version === version);
  if (m === undefined) throw new UnknownSellerError(`llm@${version}`, availableSellerKeys());
  return {
    ref: { id: m.id, version: m.version, hash: releaseHash(m) },
    params: m.params,
    description: m.description,
  };
}

export interface SellerDescription {
  id: string;
  version: number;
  hash: string;
  kind: SellerKind | "unregistered";
  persona: string;
  params: Readonly<Record<string, unknown>>;
  description: string;
}

/** What GET /sellers shows for a seller: identity, behaviour family, parameters and a sentence. */
export function describeSeller(policy: SellerPolicy): SellerDescription {
  const { id, version, hash } = policy.ref;
  const known = BY_KEY.get(sellerKey(policy.ref));
  if (known && known.policy.ref.hash === hash) {
    return {
      id,
      version,
      hash,
      kind: known.manifest.kind,
      persona: policy.persona,
      params: known.manifest.params,
      description: known.manifest.description,
    };
  }
  if (id.startsWith("llm-")) {
    const template = llmTemplate(version);
    const hashIndex = id.lastIndexOf("#");
    return {
      id,
      version,
      hash,
      kind: "llm",
      persona: policy.persona,
      params: {
        ...template.params,
        model: hashIndex < 0 ? id.slice(4) : id.slice(4, hashIndex),
        template: template.ref.hash,
      },
      description: template.description,
    };
  }
  return {
    id,
    version,
    hash,
    kind: "unregistered",
    persona: policy.persona,
    params: {},
    description: "A seller outside the released library.",
  };
}

/** Every released version for GET /sellers: the rule sellers, then the LLM templates. */
export function listSellerDescriptions(): SellerDescription[] {
  return [
    ...RULE_RELEASES.map((r) => describeSeller(r.policy)),
    ...LLM_TEMPLATES.map((m): SellerDescription => {
      const template = llmTemplate(m.version);
      return {
        ...template.ref,
        kind: "llm",
        persona: "default | firm | flexible | deceptive",
        params: template.params,
        description: template.description,
      };
    }),
  ];
}

export { releaseKey };
