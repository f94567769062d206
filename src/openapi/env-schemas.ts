import { z } from "zod";
import { Action } from "../../env/action";
import { Observation } from "../../env/observation";
import { PublicState } from "../../env/public-state";
import { SellerAction } from "../../env/seller-role/seller-action";
import { SellerObservation } from "../../env/seller-role/seller-observation";
import { SellerPublicState } from "../wire/seller-role";

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

interface RoleSchemas {
  action: JsonSchema;
  observation: JsonSchema;
  state: JsonSchema;
}

let cached: (RoleSchemas & { roles: { buyer: RoleSchemas; seller: RoleSchemas } }) | null = null;

/**
 * GET /schema: the action, observation and state models as JSON Schema, from the zod schemas.
 * The top-level keys are the default role's (the buyer), which is what OpenEnv clients read;
 * `roles` describes both, the seller role being chosen with `/reset {"role": "seller"}`.
 */
export function envJsonSchemas() {
  if (cached === null) {
    const buyer = {
      action: schemaOf("Action", Action),
      observation: schemaOf("Observation", Observation),
      state: schemaOf("State", PublicState),
    };
    const seller = {
      action: schemaOf("SellerAction", SellerAction),
      observation: schemaOf("SellerObservation", SellerObservation),
      state: schemaOf("SellerState", SellerPublicState),
    };
    cached = { ...buyer, roles: { buyer, seller } };
  }
  return cached;
}
