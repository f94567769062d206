import { fileURLToPath } from "node:url";

/** Where `npm run train:tells` writes the shipped weights (env/ imports them statically). */
export const MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v5.json", import.meta.url),
);
