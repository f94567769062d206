import { ReleaseManifest } from "./release-manifest";
import bazaarCollaborative1 from "./versions/bazaar-collaborative-1.json" with { type: "json" };
import bazaarDeceptive1 from "./versions/bazaar-deceptive-1.json" with { type: "json" };
import bazaarDeceptive2 from "./versions/bazaar-deceptive-2.json" with { type: "json" };
import bazaarDefault1 from "./versions/bazaar-default-1.json" with { type: "json" };
import bazaarImpatient1 from "./versions/bazaar-impatient-1.json" with { type: "json" };
import boulware1 from "./versions/boulware-1.json" with { type: "json" };
import conceder1 from "./versions/conceder-1.json" with { type: "json" };
import craigslistBot1 from "./versions/craigslist-bot-1.json" with { type: "json" };
import hardliner1 from "./versions/hardliner-1.json" with { type: "json" };
import hardliner2 from "./versions/hardliner-2.json" with { type: "json" };
import linear1 from "./versions/linear-1.json" with { type: "json" };
import llm1 from "./versions/llm-1.json" with { type: "json" };
import llm2 from "./versions/llm-2.json" with { type: "json" };
import responsive1 from "./versions/responsive-1.json" with { type: "json" };
import titForTat1 from "./versions/tit-for-tat-1.json" with { type: "json" };
import lock from "./versions.lock.json" with { type: "json" };

/**
 * Every released seller version, validated at load. Add a release by adding its JSON file
 * here and its hash to versions.lock.json; never edit a released file (the lock test fails
 * and says so).
 */
export const RELEASE_MANIFESTS: readonly ReleaseManifest[] = [
  bazaarDefault1,
  bazaarDeceptive1,
  bazaarImpatient1,
  bazaarCollaborative1,
  bazaarDeceptive2,
  boulware1,
  linear1,
  conceder1,
  hardliner1,
  titForTat1,
  craigslistBot1,
  llm1,
  hardliner2,
  responsive1,
  llm2,
].map((raw) => ReleaseManifest.parse(raw));

/** key "id@version" → content hash, as committed. */
export const RELEASE_LOCK: Readonly<Record<string, string>> = lock;

export const releaseKey = (m: Pick<ReleaseManifest, "id" | "version">): string => `${m.id}@${m.version}`;
