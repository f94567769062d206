/**
 * Secrets must never reach logs, error messages or stats (D34). Servers sometimes echo
 * request headers back in error bodies, so every message built from a response passes here.
 */
const HF_TOKEN_PATTERN = /hf_[A-Za-z0-9]{6,}/g;
const BEARER_PATTERN = /(Bearer\s+)[^\s"',]+/gi;

export function redactSecrets(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join("[redacted]");
  }
  return out.replace(HF_TOKEN_PATTERN, "[redacted]").replace(BEARER_PATTERN, "$1[redacted]");
}

/** Strips credentials and query strings from a URL used as an identity or in messages. */
export function safeUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = "";
    url.password = "";
    url.search = "";
    url.hash = "";
    return url.toString().replace(/\/+$/, "");
  } catch {
    return "[invalid url]";
  }
}
