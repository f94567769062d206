import { BazaarError } from "./types";

/** One JSON call; non-2xx answers become a BazaarError with the server's code and message. */
export async function call<T>(
  base: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const res = await fetch(`${base.replace(/\/$/, "")}${path}`, {
    method,
    headers: { ...(opts.body === undefined ? {} : { "content-type": "application/json" }), ...opts.headers },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
    ...(opts.signal === undefined ? {} : { signal: opts.signal }),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (!res.ok) {
    const err = (json as { error?: { code?: string; message?: string } } | null)?.error;
    throw new BazaarError(
      res.status,
      err?.code ?? "HTTP_ERROR",
      err?.message ?? `${res.status} ${text.slice(0, 200)}`,
    );
  }
  return json as T;
}
