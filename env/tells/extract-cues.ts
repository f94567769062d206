import { z } from "zod";
import { VERBAL_SIGNALS } from "./cue-rules";
import { FEATURE_SET_IDS } from "./feature-sets";
import v3File from "./model/tells-model.v3.json" with { type: "json" };
import v4File from "./model/tells-model.v4.json" with { type: "json" };
import v5File from "./model/tells-model.v5.json" with { type: "json" };
import v6File from "./model/tells-model.v6.json" with { type: "json" };
import v7File from "./model/tells-model.v7.json" with { type: "json" };
import v8File from "./model/tells-model.v8.json" with { type: "json" };
import v9File from "./model/tells-model.v9.json" with { type: "json" };
import v10File from "./model/tells-model.v10.json" with { type: "json" };
import v11File from "./model/tells-model.v11.json" with { type: "json" };
import v12File from "./model/tells-model.v12.json" with { type: "json" };
import v13File from "./model/tells-model.v13.json" with { type: "json" };
import v14File from "./model/tells-model.v14.json" with { type: "json" };
import v15File from "./model/tells-model.v15.json" with { type: "json" };
import v16File from "./model/tells-model.v16.json" with { type: "json" };
import v17File from "./model/tells-model.v17.json" with { type: "json" };
import v18File from "./model/tells-model.v18.json" with { type: "json" };
import v19File from "./model/tells-model.v19.json" with { type: "json" };
import v20File from "./model/tells-model.v20.json" with { type: "json" };
import v21File from "./model/tells-model.v21.json" with { type: "json" };
import v22File from "./model/tells-model.v22.json" with { type: "json" };
import v23File from "./model/tells-model.v23.json" with { type: "json" };
import v24File from "./model/tells-model.v24.json" with { type: "json" };
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

/**
 * A released model, frozen: it still loads and reads exactly as when it shipped (with its own
 * feature set; a test pins its readings), for anyone replaying a reading recorded with it.
 * Decoded on first use, so the default paths do not pay for it.
 */
function frozenModel(file: unknown): () => TellsModel {
  let model: TellsModel | undefined;
  return () => {
    model ??= loadTellsModel(TellsModelFile.parse(file));
    return model;
  };
}

/** tells-model@3 (tells-features/3, format tells-model/2). */
export const tellsModelV3 = frozenModel(v3File);
/** tells-model@4 (tells-features/4). */
export const tellsModelV4 = frozenModel(v4File);
/** tells-model@5 (tells-features/5). */
export const tellsModelV5 = frozenModel(v5File);
/** tells-model@6 (tells-features/6). */
export const tellsModelV6 = frozenModel(v6File);
/** tells-model@7 (tells-features/6). */
export const tellsModelV7 = frozenModel(v7File);
/** tells-model@8 (tells-features/7, noisy-or pooling). */
export const tellsModelV8 = frozenModel(v8File);
/** tells-model@9 (tells-features/7, noisy-or pooling, taught by noisy-or). */
export const tellsModelV9 = frozenModel(v9File);
/** tells-model@10 (tells-features/7, noisy-or pooling, taught by noisy-or; 10,800 rows). */
export const tellsModelV10 = frozenModel(v10File);
/** tells-model@11 (tells-features/8: no condition gate; buckets of five families or more). */
export const tellsModelV11 = frozenModel(v11File);
/** tells-model@12 (v11's learner on the ninth corpus pass, 11,280 rows). */
export const tellsModelV12 = frozenModel(v12File);
/** tells-model@13 (v11's learner on the tenth corpus pass, 11,760 rows; the last decided signal by signal). */
export const tellsModelV13 = frozenModel(v13File);
/** tells-model@14 (v13's weights with the cross-signal combiner, format tells-model/5; 11,760 rows). */
export const tellsModelV14 = frozenModel(v14File);
/** tells-model@15 (v14's learner and combiner on the eleventh corpus pass, 12,240 rows; combiner floor 0.82). */
export const tellsModelV15 = frozenModel(v15File);
/** tells-model@16 (v15's learner and combiner on the twelfth corpus pass, 12,720 rows). */
export const tellsModelV16 = frozenModel(v16File);
/** tells-model@17 (v16's learner and combiner on the thirteenth corpus pass, 13,200 rows). */
export const tellsModelV17 = frozenModel(v17File);
/** tells-model@18 (v17's learner and combiner on the fourteenth corpus pass, 13,680 rows). */
export const tellsModelV18 = frozenModel(v18File);
/** tells-model@19 (v18's learner and combiner on the fifteenth corpus pass and label revision 1, 14,160 rows). */
export const tellsModelV19 = frozenModel(v19File);
/** tells-model@20 (tells-features/9, the reviewed regional words; combiner cross-signal/2; 14,160 rows). */
export const tellsModelV20 = frozenModel(v20File);
/** tells-model@21 (tells-features/10: a clause reads its neighbours' concepts and words; 14,160 rows). */
export const tellsModelV21 = frozenModel(v21File);
/** tells-model@22 (tells-features/11; group heads read by a cross-signal/3 combiner; 14,160 rows). */
export const tellsModelV22 = frozenModel(v22File);
/** tells-model@23 (the cross-signal/3 combiner with a hidden layer per signal, format tells-model/7; 14,160 rows). */
export const tellsModelV23 = frozenModel(v23File);
/** tells-model@24 (a message network whose logits a cross-signal/4 combiner reads, format tells-model/8; 14,160 rows). */
export const tellsModelV24 = frozenModel(v24File);

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

/** Every released model by version: an episode reads with the one its spec recorded. */
const RELEASED: Readonly<Record<string, () => TellsModel>> = {
  "tells-model@3": tellsModelV3,
  "tells-model@4": tellsModelV4,
  "tells-model@5": tellsModelV5,
  "tells-model@6": tellsModelV6,
  "tells-model@7": tellsModelV7,
  "tells-model@8": tellsModelV8,
  "tells-model@9": tellsModelV9,
  "tells-model@10": tellsModelV10,
  "tells-model@11": tellsModelV11,
  "tells-model@12": tellsModelV12,
  "tells-model@13": tellsModelV13,
  "tells-model@14": tellsModelV14,
  "tells-model@15": tellsModelV15,
  "tells-model@16": tellsModelV16,
  "tells-model@17": tellsModelV17,
  "tells-model@18": tellsModelV18,
  "tells-model@19": tellsModelV19,
  "tells-model@20": tellsModelV20,
  "tells-model@21": tellsModelV21,
  "tells-model@22": tellsModelV22,
  "tells-model@23": tellsModelV23,
  "tells-model@24": tellsModelV24,
  [TELLS_MODEL.version]: () => TELLS_MODEL,
};

export class UnknownTellsModelError extends Error {
  constructor(readonly requested: TellsModelRef) {
    super(
      `Unknown tells model ${requested.version} (${requested.hash}). Released: ${Object.keys(RELEASED).join(", ")}, ` +
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
  const model = Object.hasOwn(RELEASED, ref.version) ? RELEASED[ref.version]?.() : undefined;
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
