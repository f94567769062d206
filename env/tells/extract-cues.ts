import { z } from "zod";
import { VERBAL_SIGNALS } from "./cue-rules";
import { EARLIER_RELEASES, releaseFilesSource } from "./earlier-releases";
import { FEATURE_SET_IDS } from "./feature-sets";
import v25File from "./model/tells-model.v25.json" with { type: "json" };
import { readCuesWithModel } from "./model-cues";
import { loadTellsModel, type TellsModel, type TellsModelWeights } from "./tells-model";
import { readCues, type VerbalReading } from "./verbal";

/**
 * Which extractor reads a seller's words into tells:
 * - "rules": the keyword cues (env/tells/cue-rules.ts) — the v1 default, frozen;
 * - "model": rules plus the learned layer (env/tells/model-cues.ts);
 * - "llm:<backend>": an LLM reads the message (sellers/llm/tell-extractor.ts), and the model
 *   path answers whenever the call fails. Only the shell can run it (it is a network call).
 */
export const TellsExtractorId = z
  .string()
  .regex(/^(?:rules|model|llm:[A-Za-z0-9_.:@/-]{1,100})$/, 'expected "rules", "model" or "llm:<backend>"');
export type TellsExtractorId = z.infer<typeof TellsExtractorId>;

/** The extractors that run inside the engine (pure, synchronous). */
export type LocalTellsExtractor = "rules" | "model";

export const DEFAULT_TELLS_EXTRACTOR: LocalTellsExtractor = "rules";

/** Heads stored sparsely and int8-quantised: the main heads of a file, and its group heads. */
const SparseHeads = z.object({
  heads: z.array(z.string()),
  bias: z.array(z.number()),
  scale: z.array(z.number()),
  features: z.array(z.number().int().min(0)),
  weights: z.array(z.array(z.number().int().min(-127).max(127))),
});

const TellsModelFile = z.object({
  format: z.enum([
    "tells-model/2",
    "tells-model/3",
    "tells-model/4",
    "tells-model/5",
    "tells-model/6",
    "tells-model/7",
    "tells-model/8",
    "tells-model/9",
  ]),
  version: z.string(),
  feature_set: z
    .string()
    .refine((id) => FEATURE_SET_IDS.includes(id), "unknown feature set")
    .optional(),
  clause_pooling: z.literal("noisy-or").optional(),
  combiner: z
    .object({
      // loadTellsModel checks each signal's weights number its kind's inputs.
      inputs: z.enum(["cross-signal/1", "cross-signal/2", "cross-signal/3", "cross-signal/4"]),
      weights: z.array(z.array(z.number())).length(VERBAL_SIGNALS.length),
      thresholds: z.array(z.number().min(0).max(1)).length(VERBAL_SIGNALS.length),
      // loadTellsModel checks every layer's shape against the kind's inputs.
      hidden: z
        .array(z.object({ weights: z.array(z.array(z.number())), out: z.array(z.number()) }))
        .length(VERBAL_SIGNALS.length)
        .optional(),
    })
    .optional(),
  // loadTellsModel checks the group names and that every list has one entry per head or feature.
  group_heads: SparseHeads.optional(),
  // loadTellsModel checks every list has one entry per unit, signal or feature.
  network: z
    .object({
      bias: z.array(z.number()),
      scale: z.array(z.number()),
      weights: z.array(z.array(z.number().int().min(-127).max(127))),
      out: z.array(z.array(z.number())),
      out_bias: z.array(z.number()),
    })
    .optional(),
  feature_bits: z.number().int(),
  ...SparseHeads.shape,
  thresholds: z.array(z.number()),
  rule_veto: z.array(z.number()),
  content_hash: z.string(),
}) satisfies z.ZodType<TellsModelWeights>;

/** The shipped model (trained by `npm run train:tells`), decoded once at module load. */
export const TELLS_MODEL: TellsModel = loadTellsModel(TellsModelFile.parse(v25File));

/** Every released version, oldest first, the shipped one last. */
const RELEASED_VERSIONS = [...Object.keys(EARLIER_RELEASES), TELLS_MODEL.version];

/** What an episode records about the model when the model path read its tells (like a seller version). */
export interface TellsModelRef {
  version: string;
  hash: string;
}
export const TELLS_MODEL_REF: TellsModelRef = { version: TELLS_MODEL.version, hash: TELLS_MODEL.contentHash };

/** An LLM extractor id falls back to the model path here: that is what answers when the call fails. */
export function localExtractorFor(id: TellsExtractorId): LocalTellsExtractor {
  return id === "rules" ? "rules" : "model";
}

// Earlier releases loaded so far (earlier-releases.ts), each once.
const loaded = new Map<string, TellsModel>();

/**
 * An earlier release, loaded from its file on first use, or undefined when no release has that
 * version, or its file cannot be read or is not the one that shipped (another build's storage,
 * a damaged deployment): the caller treats both alike, as a release this build does not have.
 */
function earlierRelease(version: string): TellsModel | undefined {
  const hash = earlierHash(version);
  if (hash === undefined) return undefined;
  const known = loaded.get(version);
  if (known !== undefined) return known;
  const files = releaseFilesSource();
  if (files === undefined)
    throw new Error(
      `${version} is an earlier tells model release, and no source of release files was provided`,
    );
  let model: TellsModel;
  try {
    model = loadTellsModel(TellsModelFile.parse(files(version)));
  } catch {
    return undefined;
  }
  if (model.version !== version || model.contentHash !== hash) return undefined;
  loaded.set(version, model);
  return model;
}

/** An earlier release's content hash; undefined for any other name ("constructor" too). */
function earlierHash(version: string): string | undefined {
  return Object.hasOwn(EARLIER_RELEASES, version) ? EARLIER_RELEASES[version] : undefined;
}

/** The shipped model or an earlier release by version; undefined as for earlierRelease. */
function releaseOf(version: string): TellsModel | undefined {
  return version === TELLS_MODEL.version ? TELLS_MODEL : earlierRelease(version);
}

/**
 * A released model by version (the shipped one, or an earlier one from its file), frozen: it
 * reads exactly as when it shipped. Throws UnknownTellsModelError for a version no release has.
 */
export function releasedTellsModel(version: string): TellsModel {
  const model = releaseOf(version);
  if (model === undefined) throw new UnknownTellsModelError({ version, hash: earlierHash(version) ?? "" });
  return model;
}

export class UnknownTellsModelError extends Error {
  constructor(readonly requested: TellsModelRef) {
    super(
      `Unknown tells model ${requested.version} (${requested.hash}). Released: ${RELEASED_VERSIONS.join(", ")}, ` +
        "each with the content hash it shipped with.",
    );
    this.name = "UnknownTellsModelError";
  }
}

/**
 * A model a run is planned with, checked against the released ones: version and content hash
 * must both match, because a session that silently read with another model would no longer
 * replay. Throws UnknownTellsModelError otherwise.
 */
export function releasedTellsModelRef(ref: TellsModelRef): TellsModelRef {
  const model = tellsModelFor(ref);
  return { version: model.version, hash: model.contentHash };
}

/**
 * The model an episode's spec names, so an episode recorded under an earlier model replays with
 * that model, byte for byte, after a newer one ships. A spec that names none reads with the
 * shipped model. A name (or content hash) no release has throws UnknownTellsModelError: reading
 * with another model would silently change the episode. Only storage written by another build
 * could hold one; the shell checks a stored episode's model before replaying or branching it.
 */
export function tellsModelFor(ref: TellsModelRef | undefined): TellsModel {
  if (ref === undefined) return TELLS_MODEL;
  const model = releaseOf(ref.version);
  if (model === undefined || model.contentHash !== ref.hash) throw new UnknownTellsModelError(ref);
  return model;
}

/**
 * Read a seller message with a local extractor (the model path with the model `ref` names, the
 * shipped one by default). Pure; never throws on any string.
 */
export function extractCues(
  message: string,
  extractor: LocalTellsExtractor,
  ref?: TellsModelRef,
): VerbalReading {
  return extractor === "rules" ? readCues(message) : readCuesWithModel(tellsModelFor(ref), message);
}

/**
 * The episode-spec fields that record an extractor choice: none for "rules" (so v1 specs are
 * unchanged), else the id and the model that reads (the fallback of an LLM id): `model`, the
 * shipped one unless a resumed session keeps the one it opened with. An unreleased `model`
 * throws, whatever the extractor, so a bad pin surfaces when the run opens.
 */
export function tellsSpecFields(
  id: TellsExtractorId | undefined,
  model: TellsModelRef = TELLS_MODEL_REF,
): {
  tells_extractor?: TellsExtractorId;
  tells_model?: TellsModelRef;
} {
  const ref = releasedTellsModelRef(model);
  if (id === undefined || id === "rules") return {};
  return { tells_extractor: id, tells_model: ref };
}
