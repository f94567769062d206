import { TimeoutStrategy, timeout } from "cockatiel";
import { Ollama } from "ollama";
import { observingFetch } from "./observing-fetch";
import { redactSecrets, safeUrl } from "./redact";

/**
 * Cheap, unmetered reachability checks for /health and the admin page. They never call a
 * chat endpoint, never throw, and never put a token into `detail`.
 */
export interface ProbeResult {
  backend: "ollama" | "hf";
  reachable: boolean;
  detail: string;
  /** Ollama only: how the wanted tag matched what the server has pulled. */
  modelMatch?: "exact" | "prefix" | "missing";
}

export interface ProbeOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const PROBE_TIMEOUT_MS = 3_000;

export async function probeOllama(
  host: string,
  model?: string,
  opts: ProbeOptions = {},
): Promise<ProbeResult> {
  const timeoutMs = opts.timeoutMs ?? PROBE_TIMEOUT_MS;
  const deadline = timeout(timeoutMs, TimeoutStrategy.Cooperative);
  return deadline.execute(({ signal }) => listOllama(host, model, opts.fetch, signal, timeoutMs));
}

async function listOllama(
  host: string,
  model: string | undefined,
  fetchImpl: typeof fetch | undefined,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<ProbeResult> {
  const where = safeUrl(host);
  try {
    const client = new Ollama({ host, fetch: observingFetch(signal, fetchImpl).fetch });
    const { models } = await client.list();
    const names = models.map((m) => m.name);
    if (model === undefined)
      return { backend: "ollama", reachable: true, detail: `${where}: ${names.length} models` };
    const match = matchTag(model, names);
    const detail =
      match === "missing"
        ? `${where}: model ${model} not pulled (have: ${names.join(", ") || "none"})`
        : `${where}: model ${model} present (${match} match)`;
    return { backend: "ollama", reachable: true, detail, modelMatch: match };
  } catch (err) {
    const why = signal.aborted ? `no answer within ${timeoutMs} ms` : errorText(err);
    return { backend: "ollama", reachable: false, detail: `${where}: ${why}` };
  }
}

/** "llama3.2" matches "llama3.2:latest" exactly and "llama3.2:3b" by prefix. */
export function matchTag(wanted: string, available: readonly string[]): "exact" | "prefix" | "missing" {
  if (available.includes(wanted)) return "exact";
  if (!wanted.includes(":") && available.includes(`${wanted}:latest`)) return "exact";
  const stem = wanted.includes(":") ? wanted : `${wanted}:`;
  return available.some((name) => name.startsWith(stem)) ? "prefix" : "missing";
}

export interface HfProbeOptions extends ProbeOptions {
  token?: string;
  /** Where model ids are looked up; the Hub by default. */
  hubUrl?: string;
}

/**
 * `target` is an endpoint URL (probed at /health, then /v1/models for servers without
 * one) or a Hub model id (looked up on the Hub, which costs no inference credits).
 */
export async function probeHf(target: string, opts: HfProbeOptions = {}): Promise<ProbeResult> {
  const timeoutMs = opts.timeoutMs ?? PROBE_TIMEOUT_MS;
  const deadline = timeout(timeoutMs, TimeoutStrategy.Cooperative);
  return deadline.execute(({ signal }) => askHf(target, opts, signal, timeoutMs));
}

async function askHf(
  target: string,
  opts: HfProbeOptions,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<ProbeResult> {
  const doFetch = observingFetch(signal, opts.fetch).fetch;
  const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  const isUrl = /^https?:\/\//.test(target);
  const label = isUrl ? safeUrl(target) : target;
  const clean = (text: string): string => redactSecrets(text, [opts.token]);
  try {
    if (isUrl) {
      const base = safeUrl(target)
        .replace(/\/chat\/completions$/, "")
        .replace(/\/v1$/, "");
      for (const path of ["/health", "/v1/models"]) {
        const res = await doFetch(`${base}${path}`, { headers });
        await res.body?.cancel();
        if (res.ok)
          return { backend: "hf", reachable: true, detail: `${label}: ${path} answered ${res.status}` };
        if (res.status === 401 || res.status === 403) {
          return {
            backend: "hf",
            reachable: true,
            detail: `${label}: up, but credentials were refused (${res.status})`,
          };
        }
      }
      return { backend: "hf", reachable: false, detail: `${label}: neither /health nor /v1/models answered` };
    }
    const hub = (opts.hubUrl ?? "https://huggingface.co").replace(/\/+$/, "");
    const res = await doFetch(`${hub}/api/models/${target}?expand[]=inferenceProviderMapping`, { headers });
    await res.body?.cancel();
    return res.ok
      ? { backend: "hf", reachable: true, detail: `${label}: known to the Hub` }
      : { backend: "hf", reachable: false, detail: `${label}: Hub answered ${res.status}` };
  } catch (err) {
    const why = signal.aborted ? `no answer within ${timeoutMs} ms` : errorText(err);
    return { backend: "hf", reachable: false, detail: clean(`${label}: ${why}`) };
  }
}

function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause as { code?: unknown } | undefined;
  return typeof cause?.code === "string" ? `${err.message} (${cause.code})` : err.message;
}
