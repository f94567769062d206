import { LATEST_LLM_VERSION } from "../../sellers/registry";
import type { LlmConfig } from "../llm/config";
import { type HfProbeOptions, type ProbeResult, probeHf, probeOllama } from "../llm/health";

/** One configured LLM seller backend as /health reports it: no tokens, URLs without credentials. */
export interface SellerBackendHealth extends ProbeResult {
  /** The LLM seller key this backend serves, e.g. "llm-ollama:gemma3:4b@3" (the latest template). */
  sellerKey: string;
}

/**
 * Probe every backend the configuration names a model for (unconfigured backends are left
 * out rather than reported down). Probes are unmetered and never throw.
 */
export async function sellerBackendHealth(
  config: LlmConfig,
  opts: HfProbeOptions = {},
): Promise<SellerBackendHealth[]> {
  const checks: Promise<SellerBackendHealth>[] = [];
  const ollamaModel = config.ollama.model;
  if (ollamaModel) {
    checks.push(
      probeOllama(config.ollama.host, ollamaModel, opts).then((r) => ({
        ...r,
        sellerKey: `llm-ollama:${ollamaModel}@${LATEST_LLM_VERSION}`,
      })),
    );
  }
  const hfTarget = config.hf.endpointUrl ?? config.hf.model;
  if (hfTarget) {
    checks.push(
      probeHf(hfTarget, { ...opts, token: config.hf.token }).then((r) => ({
        ...r,
        sellerKey: `llm-hf:${hfTarget}@${LATEST_LLM_VERSION}`,
      })),
    );
  }
  return Promise.all(checks);
}
