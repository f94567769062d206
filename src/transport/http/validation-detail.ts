import type { z } from "zod";
import { type PydanticError, plainLoc, toPydanticErrors } from "../../wire/pydantic-errors";

/** One entry of FastAPI/pydantic's 422 `detail` list (OPENENV §2.2). */
export type DetailEntry = PydanticError;

export type LocRoot = "body" | "query";

/**
 * FastAPI's locs: rooted at "body" or "query", except that action fields are reported relative
 * to the action (`["price"]`), as OpenEnv's /step handler does when it re-raises the action
 * model's own errors.
 */
const httpLoc =
  (root: LocRoot) =>
  (path: readonly PropertyKey[]): (string | number)[] => {
    const keys = plainLoc(path);
    if (root === "body" && keys[0] === "action" && keys.length > 1) return keys.slice(1);
    return [root, ...keys];
  };

export function validationDetail(root: LocRoot, error: z.ZodError, data: unknown): DetailEntry[] {
  return toPydanticErrors(error, data, httpLoc(root));
}
