import { ConfigError, type ServerConfig } from "../../config/config";
import type { Storage } from "../../storage/storage";
import type { AccessControl } from "./access-control";
import { ApiKeys, readKeysFile } from "./api-keys";
import { KeyLedger } from "./key-ledger";
import { TokenBuckets } from "./token-bucket";

/**
 * The configured API keys (variable/flag and file together), or null when there are none and
 * the server runs open. A missing file or a short key stops startup; the message never
 * quotes a key.
 */
export function loadApiKeys(config: ServerConfig): ApiKeys | null {
  const all = apiKeyTexts(config);
  // Admin keys pass wherever an API key does, so a keyed server accepts both.
  return all.length === 0 ? null : keysOf([...all, ...config.adminKeys]);
}

/** The admin keys (--admin-keys), or null when there are none: then no one may revoke others. */
export function loadAdminKeys(config: ServerConfig): ApiKeys | null {
  return config.adminKeys.length === 0 ? null : keysOf(config.adminKeys);
}

function keysOf(texts: readonly string[]): ApiKeys {
  try {
    return new ApiKeys(texts);
  } catch (err) {
    throw new ConfigError(err instanceof Error ? err.message : String(err));
  }
}

function apiKeyTexts(config: ServerConfig): string[] {
  let fromFile: string[] = [];
  if (config.apiKeysFile !== null) {
    try {
      fromFile = readKeysFile(config.apiKeysFile);
    } catch (err) {
      const why = err instanceof Error && "code" in err ? String(err.code) : "unreadable";
      throw new ConfigError(`Cannot read --api-keys-file ${config.apiKeysFile} (${why}).`);
    }
  }
  return [...config.apiKeys, ...fromFile];
}

/**
 * Per-key caps over the keys. A session counts as live while its stored row is open and was
 * touched within the session TTL, the same rule the session service evicts by.
 */
export function createAccessControl(
  keys: ApiKeys,
  config: ServerConfig,
  store: Storage,
  now: () => number = Date.now,
): AccessControl {
  const ttlMs = config.sessionTtlS * 1000;
  const isLive = (id: string): boolean => {
    const row = store.session(id);
    return row !== undefined && row.closed === 0 && now() - row.updated_at <= ttlMs;
  };
  return {
    keys,
    rate: new TokenBuckets(config.keyRate, now),
    ledger: new KeyLedger(config.keyMaxSessions, isLive),
  };
}
