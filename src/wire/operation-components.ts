import { z } from "zod";
import { Action } from "../../env/action";
import { Observation } from "../../env/observation";
import { PublicState } from "../../env/public-state";
import { ErrorBody } from "./errors";
import { StepInfoWire } from "./step-info";

type Json = Record<string, unknown>;

/**
 * Named schemas of /openapi.json, filled by the routes' own descriptions (operation.ts): a
 * route names the zod schema it validates or answers with, and the document's components are
 * exactly those, plus the shared models below that they refer to.
 */
const named = new Map<string, z.ZodType>([
  ["Action", Action],
  ["Observation", Observation],
  ["PublicState", PublicState],
  ["StepInfo", StepInfoWire],
  ["ErrorBody", ErrorBody],
]);

/** Register `schema` under `name` (once; a second, different schema under a name is a bug) and refer to it. */
export function component(name: string, schema: z.ZodType): { $ref: string } {
  const known = named.get(name);
  if (known !== undefined && known !== schema) throw new Error(`Two different schemas named ${name}`);
  named.set(name, schema);
  return { $ref: `#/components/schemas/${name}` };
}

// Results OpenEnv also defines: the keys we add are documented as optional (OPENENV §2.4), so a
// client generated from this document reads upstream servers too.
const OPENENV_RESULTS = new Set(["ResetResponse", "StepResponse"]);
const OPENENV_RESULT_KEYS = ["observation", "reward", "done"];

function onlyOpenEnvRequired(schema: Json): Json {
  const required = Array.isArray(schema.required) ? schema.required : [];
  return { ...schema, required: required.filter((k) => OPENENV_RESULT_KEYS.includes(String(k))) };
}

/** Every named schema as JSON Schema, nested named ones as `$ref`s between components. */
export function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { uri: (id) => `#/components/schemas/${id}`, io: "input" });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
    out[id] = OPENENV_RESULTS.has(id) ? onlyOpenEnvRequired(rest) : rest;
  }
  return out;
}
