import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { provideReleaseFiles } from "../../../env/tells/earlier-releases";

/** The file of tells-model@n under env/tells/model/ (env/ imports each one statically). */
const modelFile = (n: number): string =>
  fileURLToPath(new URL(`../../../env/tells/model/tells-model.v${n}.json`, import.meta.url));

/** Where `npm run train:tells` writes the shipped weights. */
export const MODEL_FILE = modelFile(25);

// Released files: each is retrained byte for byte from the rows it shipped with (released-trainings.ts; shipped-model.test.ts and released-early.test.ts).
export const V24_MODEL_FILE = modelFile(24);
export const V23_MODEL_FILE = modelFile(23);
export const V22_MODEL_FILE = modelFile(22);
export const V21_MODEL_FILE = modelFile(21);
export const V20_MODEL_FILE = modelFile(20);
export const V19_MODEL_FILE = modelFile(19);
export const V18_MODEL_FILE = modelFile(18);
export const V17_MODEL_FILE = modelFile(17);
export const V16_MODEL_FILE = modelFile(16);
export const V15_MODEL_FILE = modelFile(15);
export const V14_MODEL_FILE = modelFile(14);
export const V13_MODEL_FILE = modelFile(13);
export const V12_MODEL_FILE = modelFile(12);
export const V11_MODEL_FILE = modelFile(11);
export const V10_MODEL_FILE = modelFile(10);
export const V9_MODEL_FILE = modelFile(9);
export const V8_MODEL_FILE = modelFile(8);
export const V7_MODEL_FILE = modelFile(7);
export const V6_MODEL_FILE = modelFile(6);
export const V5_MODEL_FILE = modelFile(5);

/**
 * The file of a released version ("tells-model@n"), parsed: what the engine reads an earlier
 * release from (env/tells/earlier-releases.ts). Throws for a version of another shape or a
 * missing file; the engine then treats the version as one this build does not have.
 */
export function readReleaseFile(version: string): unknown {
  const n = /^tells-model@([1-9][0-9]{0,3})$/.exec(version)?.[1];
  if (n === undefined) throw new Error(`not a tells model version: ${version}`);
  return JSON.parse(readFileSync(modelFile(Number(n)), "utf8"));
}

/** Lets the engine read earlier releases from their files here (tooling, tests and the server alike). */
export function useReleaseFiles(): void {
  provideReleaseFiles(readReleaseFile);
}
