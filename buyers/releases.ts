import { END_OF_TURN_MARKERS } from "../env/chat-model";
import { contentHash } from "../sellers/content-hash";
import { CAREER_SMART_PARAMS } from "./career-buyer";
import { FLOOR_SPREAD } from "./expected-value-buyer";
import { EVAL_SAMPLING } from "./llm-buyer";
import { TELLS_READER_PARAMS } from "./param-buyer";
import { BUYER_PROMPT_HASH, BUYER_PROMPT_VERSION } from "./prompts/buyer-v1";
import { TIME_BUYERS } from "./time-based-buyers";

/**
 * Every released opponent buyer of the seller role, by "id@version" (the mirror of
 * sellers/releases.ts). A release names the code policy and every number it reads; its hash
 * is the content hash of this manifest, pinned in buyers/versions.lock.json. Any change in a
 * buyer's behaviour ships as a new version beside the old one, never as an edit.
 */
export type BuyerReleaseKind = "rule" | "time" | "ev" | "param" | "llm";

export interface BuyerRelease {
  id: string;
  version: number;
  kind: BuyerReleaseKind;
  description: string;
  /** The eval spec of the code policy (buyers/buyer-registry.ts); LLM buyers get theirs from the model. */
  policy: string;
  params: Readonly<Record<string, unknown>>;
}

export const BUYER_RELEASES: readonly BuyerRelease[] = [
  {
    id: "rule-smart",
    version: 1,
    kind: "rule",
    description:
      "Rule buyer: opens at 40 % of the ask, raises by budget steps, discounts deception cues it reads in your words.",
    policy: "rule:smart",
    params: { rule: "smart", guard: "offer-guard" },
  },
  {
    id: "boulware",
    version: 1,
    kind: "time",
    description:
      "Time-based buyer that concedes late (Boulware, e = 0.2): hard to move early, quick near the end.",
    policy: "time:boulware",
    params: { ...TIME_BUYERS.boulware },
  },
  {
    id: "conceder",
    version: 1,
    kind: "time",
    description: "Time-based buyer that concedes early (Conceder, e = 2).",
    policy: "time:conceder",
    params: { ...TIME_BUYERS.conceder },
  },
  {
    id: "ev",
    version: 1,
    kind: "ev",
    description:
      "Expected-value buyer: models your floor from persona, tells and concessions, bids to maximise expected surplus.",
    policy: "ev:floor-model",
    params: { floorSpread: FLOOR_SPREAD },
  },
  {
    id: "tells-reader",
    version: 1,
    kind: "param",
    description: "Parametric buyer tuned to read tells: your words move its bids.",
    policy: "param:tells-reader",
    params: { ...TELLS_READER_PARAMS },
  },
  {
    id: "career-smart",
    version: 1,
    kind: "rule",
    description:
      "rule-smart with a memory for careers: the faster you conceded in earlier deals, the lower it opens and the slower it raises.",
    policy: "career:smart",
    params: { ...CAREER_SMART_PARAMS },
  },
  {
    id: "llm",
    version: 1,
    kind: "llm",
    description:
      "Language-model buyer template (Ollama or Hugging Face): reads your words; falls back to its offer guard on a bad reply.",
    policy: "llm",
    params: {
      promptVersion: BUYER_PROMPT_VERSION,
      promptHash: BUYER_PROMPT_HASH,
      sampling: { ...EVAL_SAMPLING },
      stop: [...END_OF_TURN_MARKERS],
    },
  },
];

export const buyerReleaseKey = (r: Pick<BuyerRelease, "id" | "version">): string => `${r.id}@${r.version}`;

export const buyerReleaseHash = (r: BuyerRelease): string =>
  contentHash({ id: r.id, version: r.version, kind: r.kind, policy: r.policy, params: r.params });

/** An LLM buyer pins the template release and the model it runs on. */
export const llmBuyerHash = (template: BuyerRelease, model: string): string =>
  contentHash({ template: buyerReleaseHash(template), model });
