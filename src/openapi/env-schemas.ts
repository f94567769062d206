import { z } from "zod";
import { Action } from "../../env/action";
import { Observation } from "../../env/observation";
import { PublicState } from "../../env/public-state";

type JsonSchema = Record<string, unknown>;

const JsonSchemaObject = z.record(z.string(), z.unknown());
/** GET /schema's body (OpenEnv): one JSON Schema per model. */
export const EnvSchemasResponse = z.object({
  action: JsonSchemaObject,
  observation: JsonSchemaObject,
  state: JsonSchemaObject,
});

function schemaOf(title: string, schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
  return { title, ...rest };
}

let cached: { action: JsonSchema; observation: JsonSchema; state: JsonSchema } | null = null;

/** GET /schema: the action, observation and state models as JSON Schema, from the zod schemas. */
export function envJsonSchemas() {
  cached ??= {
    action: schemaOf("Action", Action),
    observation: schemaOf("Observation", Observation),
    state: schemaOf("State", PublicState),
  };
  return cached;
}
