import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { END_OF_TURN_MARKERS } from "../env/chat-model";
import { classicRelease } from "./classic/classic-releases";
import { contentHash } from "./content-hash";
import { PROMPT_HASH, PROMPT_PARTS } from "./llm/llm-prompt";
import { releaseHash } from "./release-build";
import { RELEASE_LOCK, RELEASE_MANIFESTS, releaseKey } from "./releases";

const versionsDir = fileURLToPath(new URL("./versions", import.meta.url));

describe("released seller versions are frozen", () => {
  it("every versions/*.json file is loaded, once", () => {
    const files = readdirSync(versionsDir)
      .filter((f) => f.endsWith(".json"))
      .sort();
    const loaded = RELEASE_MANIFESTS.map((m) => `${m.id}-${m.version}.json`).sort();
    expect(loaded).toEqual(files);
    expect(new Set(RELEASE_MANIFESTS.map(releaseKey)).size).toBe(RELEASE_MANIFESTS.length);
  });

  it("every release's recomputed hash equals the lock file (a change means a new version)", () => {
    for (const m of RELEASE_MANIFESTS) {
      const key = releaseKey(m);
      expect(RELEASE_LOCK[key], `${key} is missing from versions.lock.json`).toBeDefined();
      expect(
        releaseHash(m),
        `${key} changed: a change means a new version — add ${m.id}-${m.version + 1}.json instead of editing a release`,
      ).toBe(RELEASE_LOCK[key]);
    }
    expect(Object.keys(RELEASE_LOCK).sort()).toEqual(RELEASE_MANIFESTS.map(releaseKey).sort());
  });

  it("the latest LLM template pins the prompt in code and every end-of-turn marker", () => {
    const llm = RELEASE_MANIFESTS.filter((m) => m.kind === "llm").at(-1);
    if (llm?.kind !== "llm") throw new Error("no llm template");
    expect(llm.version).toBe(3);
    expect(llm.params.promptHash, "the LLM seller's prompt changed: a change means a new version").toBe(
      PROMPT_HASH,
    );
    for (const marker of END_OF_TURN_MARKERS) expect(llm.params.stop).toContain(marker);
  });

  it("llm@1 still sends the prompts it pinned: its hash is today's turn prompts plus its retired opening prompt", () => {
    // llm@1 also hashed the prompt of a model-written opening line (only a debug CLI used it; it was
    // removed in llm@2). Kept here verbatim as the record that lets llm@1 sessions resume unchanged.
    const OPEN = `Greet the buyer and state your asking price of ₹{ask} for the {item}.
Answer with only this JSON object: {"message": "<what you say>"}`;
    const llm1 = RELEASE_MANIFESTS.find((m) => m.kind === "llm" && m.version === 1);
    if (llm1?.kind !== "llm") throw new Error("llm@1 missing");
    expect(contentHash({ ...PROMPT_PARTS, OPEN })).toBe(llm1.params.promptHash);
  });

  it("the v1 bazaar personas keep the hashes their code release always had", () => {
    for (const persona of ["default", "deceptive", "impatient", "collaborative"] as const) {
      const code = classicRelease(persona).ref;
      expect(RELEASE_LOCK[`${code.id}@1`]).toBe(code.hash);
    }
  });
});
