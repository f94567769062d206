import { escapeHtml } from "./html";

/** What the menu needs from GET /sellers. */
export interface MenuSeller {
  key: string;
  id: string;
  version: number;
  kind: string;
  persona: string;
}

/** What the menu needs from GET /health's `backends`. */
export interface MenuBackend {
  sellerKey: string;
  reachable: boolean;
  detail: string;
}

const LLM_PERSONAS = ["default", "firm", "flexible", "deceptive"] as const;

/** "llm-ollama:gemma3:4b@1" with a persona: "llm-ollama:gemma3:4b#firm@1" (the form /reset takes). */
export function llmPersonaKey(sellerKey: string, persona: string): string {
  const at = sellerKey.lastIndexOf("@");
  return at < 0 ? `${sellerKey}#${persona}` : `${sellerKey.slice(0, at)}#${persona}${sellerKey.slice(at)}`;
}

const words = (s: string) => s.replace(/[_-]/g, " ");

/**
 * The seller menu's options after "the stall's usual seller": the newest version of each rule
 * seller (older ones stay loadable by key, not offered), then one entry per persona of every
 * LLM backend the server has configured, with its real key. The LLM template itself is not a
 * seller anyone can pick, so it never appears; an unreachable backend shows, disabled, and says why.
 */
export function sellerMenuOptions(sellers: readonly MenuSeller[], backends: readonly MenuBackend[]): string {
  const newest = new Map<string, MenuSeller>();
  for (const s of sellers) {
    if (s.kind === "llm") continue;
    const have = newest.get(s.id);
    if (have === undefined || s.version > have.version) newest.set(s.id, s);
  }
  const rules = [...newest.values()].map(
    (s) => `<option value="${escapeHtml(s.key)}">${escapeHtml(`${words(s.persona)} (${s.key})`)}</option>`,
  );
  const models = backends.flatMap((b) =>
    LLM_PERSONAS.map((persona) => {
      const key = persona === "default" ? b.sellerKey : llmPersonaKey(b.sellerKey, persona);
      const label = b.reachable ? `${persona} (${key})` : `${persona} (${key}) — unavailable: ${b.detail}`;
      return `<option value="${escapeHtml(key)}"${b.reachable ? "" : " disabled"}>${escapeHtml(label)}</option>`;
    }),
  );
  const llm =
    models.length > 0
      ? `<optgroup label="Language-model sellers">${models.join("")}</optgroup>`
      : `<option value="" disabled>Language-model sellers: none configured on this server</option>`;
  return `<optgroup label="Rule sellers">${rules.join("")}</optgroup>${llm}`;
}
