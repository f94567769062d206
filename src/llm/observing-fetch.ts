/**
 * Neither client library exposes response headers on its errors, and the ollama client
 * accepts no AbortSignal for non-streaming calls. Handing each library this fetch fixes
 * both: it forces our deadline signal onto every request and remembers the last status
 * and Retry-After header so throttling can be honoured.
 */
export interface ResponseMeta {
  status: number;
  retryAfterMs: number | undefined;
}

export interface ObservingFetch {
  fetch: typeof fetch;
  last(): ResponseMeta | undefined;
}

export function observingFetch(
  signal: AbortSignal,
  base: typeof fetch = globalThis.fetch,
  now: () => number = Date.now,
): ObservingFetch {
  let last: ResponseMeta | undefined;
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const merged = init?.signal ? AbortSignal.any([init.signal, signal]) : signal;
    const response = await base(input, { ...init, signal: merged });
    last = {
      status: response.status,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), now()),
    };
    return response;
  };
  return { fetch: wrapped as typeof fetch, last: () => last };
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
