import { useReleaseFiles } from "../../eval/tells/model/model-file";

// Sessions open, resume and replay runs recorded under earlier tells model releases; the engine
// reads those releases' files through this source, on first use (env/tells/earlier-releases.ts).
useReleaseFiles();
