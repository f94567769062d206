import { fileURLToPath } from "node:url";

/** Where `npm run train:tells` writes the shipped weights (env/ imports them statically). */
export const MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v13.json", import.meta.url),
);

/** tells-model@12's file: released, retrained byte for byte from the rows it shipped with. */
export const V12_MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v12.json", import.meta.url),
);

/** tells-model@11's file: released, retrained byte for byte from the rows it shipped with. */
export const V11_MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v11.json", import.meta.url),
);

/** tells-model@10's file: released, retrained byte for byte from the rows it shipped with. */
export const V10_MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v10.json", import.meta.url),
);

/** tells-model@9's file: released, retrained byte for byte from the rows it shipped with. */
export const V9_MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v9.json", import.meta.url),
);

/** tells-model@8's file: released, retrained byte for byte from the rows it shipped with. */
export const V8_MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v8.json", import.meta.url),
);

/** tells-model@7's file: released, retrained byte for byte from the rows it shipped with. */
export const V7_MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v7.json", import.meta.url),
);

/** tells-model@6's file: released, retrained byte for byte from the rows it shipped with. */
export const V6_MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v6.json", import.meta.url),
);

/** tells-model@5's file: released, retrained byte for byte from the rows it shipped with. */
export const V5_MODEL_FILE = fileURLToPath(
  new URL("../../../env/tells/model/tells-model.v5.json", import.meta.url),
);
