import { ReleaseManifest } from "./release-manifest";
import bazaarCollaborative1 from "./versions/bazaar-collaborative-1.json" with { type: "json" };
import bazaarCollaborative2 from "./versions/bazaar-collaborative-2.json" with { type: "json" };
import bazaarDeceptive1 from "./versions/bazaar-deceptive-1.json" with { type: "json" };
import bazaarDeceptive2 from "./versions/bazaar-deceptive-2.json" with { type: "json" };
import bazaarDeceptive3 from "./versions/bazaar-deceptive-3.json" with { type: "json" };
import bazaarDefault1 from "./versions/bazaar-default-1.json" with { type: "json" };
import bazaarDefault2 from "./versions/bazaar-default-2.json" with { type: "json" };
import bazaarImpatient1 from "./versions/bazaar-impatient-1.json" with { type: "json" };
import bazaarImpatient2 from "./versions/bazaar-impatient-2.json" with { type: "json" };
import boulware1 from "./versions/boulware-1.json" with { type: "json" };
import boulware2 from "./versions/boulware-2.json" with { type: "json" };
import conceder1 from "./versions/conceder-1.json" with { type: "json" };
import conceder2 from "./versions/conceder-2.json" with { type: "json" };
import craigslistBot1 from "./versions/craigslist-bot-1.json" with { type: "json" };
import craigslistBot2 from "./versions/craigslist-bot-2.json" with { type: "json" };
import hardliner1 from "./versions/hardliner-1.json" with { type: "json" };
import hardliner2 from "./versions/hardliner-2.json" with { type: "json" };
import hardliner3 from "./versions/hardliner-3.json" with { type: "json" };
import linear1 from "./versions/linear-1.json" with { type: "json" };
import linear2 from "./versions/linear-2.json" with { type: "json" };
import llm1 from "./versions/llm-1.json" with { type: "json" };
import llm2 from "./versions/llm-2.json" with { type: "json" };
import llm3 from "./versions/llm-3.json" with { type: "json" };
import responsive1 from "./versions/responsive-1.json" with { type: "json" };
import responsive2 from "./versions/responsive-2.json" with { type: "json" };
import titForTat1 from "./versions/tit-for-tat-1.json" with { type: "json" };
import titForTat2 from "./versions/tit-for-tat-2.json" with { type: "json" };
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
  // Honest speech (exact prices, no quiet line at the floor, no repeated line): released together.
  responsive2,
  boulware2,
  linear2,
  conceder2,
  hardliner3,
  titForTat2,
  craigslistBot2,
  bazaarDefault2,
  bazaarImpatient2,
  bazaarCollaborative2,
  bazaarDeceptive3,
  llm2,
  // The guard writes the LLM seller's own price with the one formatter (#17).
  llm3,
].map((raw) => ReleaseManifest.parse(raw));

/** key "id@version" → content hash, as committed. */
export const RELEASE_LOCK: Readonly<Record<string, string>> = lock;

export const releaseKey = (m: Pick<ReleaseManifest, "id" | "version">): string => `${m.id}@${m.version}`;
