import type { SellerPolicy, SellerRef } from "../env/seller-policy";
import { classicSeller } from "./classic/classic-seller";
import { contentHash } from "./content-hash";
import { craigslistBotSeller } from "./craigslist-bot/craigslist-bot-seller";
import { classicLineSet, responsiveLineSet, ruleLineSet } from "./line-sets";
import type { ReleaseManifest } from "./release-manifest";
import { responsiveSeller } from "./responsive/responsive-seller";
import { timeBasedSeller } from "./time-based/time-based-seller";
import { titForTatSeller } from "./tit-for-tat/tit-for-tat-seller";

/** The content hash of a release: what it does (params, words, tells), never what it is called. */
export function releaseHash(m: ReleaseManifest): string {
  switch (m.kind) {
    case "classic":
      // Same content as classicRelease() hashes, so the v1 personas keep their hashes.
      return contentHash({ kind: "classic", params: m.params, lines: classicLineSet(m.lines) });
    case "time-based":
      return contentHash({
        kind: m.kind,
        params: m.params,
        lines: ruleLineSet(m.lines),
        persona: m.persona,
        tellProfile: m.tellProfile,
      });
    case "tit-for-tat":
    case "craigslist-bot":
      return contentHash({
        kind: m.kind,
        params: m.params,
        lines: ruleLineSet(m.lines),
        tellProfile: m.tellProfile,
      });
    case "responsive":
      return contentHash({
        kind: m.kind,
        params: m.params,
        lines: responsiveLineSet(m.lines),
        tellProfile: m.tellProfile,
      });
    case "llm":
      return contentHash({ kind: m.kind, params: m.params });
  }
}

/** The policy a rule release runs; LLM templates need a model and are built by createLlmSeller. */
export function buildRulePolicy(m: ReleaseManifest): SellerPolicy | null {
  const ref: SellerRef = { id: m.id, version: m.version, hash: releaseHash(m) };
  switch (m.kind) {
    case "classic":
      return classicSeller(ref, m.params, classicLineSet(m.lines));
    case "time-based":
      return timeBasedSeller(ref, m.params, ruleLineSet(m.lines), m.persona, m.tellProfile);
    case "tit-for-tat":
      return titForTatSeller(ref, m.params, ruleLineSet(m.lines), m.tellProfile);
    case "craigslist-bot":
      return craigslistBotSeller(ref, m.params, ruleLineSet(m.lines), m.tellProfile);
    case "responsive":
      return responsiveSeller(ref, m.params, responsiveLineSet(m.lines), m.tellProfile);
    case "llm":
      return null;
  }
}
