import { isLlmPersona, type LlmPersona } from "./llm-persona";

/**
 * LLM seller keys: `llm-ollama:<tag>[#persona][@version]` and
 * `llm-hf:<org/model | endpoint URL>[#persona][@version]`, e.g. "llm-ollama:gemma3:4b@1",
 * "llm-hf:meta-llama/Llama-3.2-3B-Instruct#firm@1". No persona means "default"; no version
 * means the latest template. The model part becomes the chat model spec ("ollama:<tag>",
 * "hf:<model|url>").
 */
export interface LlmSellerKey {
  backend: "ollama" | "hf";
  /** Spec for chatModelFromSpec: "ollama:<tag>" or "hf:<model|url>". */
  modelSpec: string;
  persona: LlmPersona;
  version: number | null;
}

export type LlmKeyParse = { ok: true; key: LlmSellerKey } | { ok: false; reason: string } | null;

/** Null when `key` is not an LLM seller key at all; a reason when it is one but malformed. */
export function parseLlmSellerKey(key: string): LlmKeyParse {
  const m = /^llm-(ollama|hf):(.+)$/u.exec(key.trim());
  if (m === null) return null;
  const backend = m[1] as "ollama" | "hf";
  let rest = m[2] as string;
  let version: number | null = null;
  const at = rest.lastIndexOf("@");
  if (at >= 0 && /^\d+$/u.test(rest.slice(at + 1))) {
    version = Number(rest.slice(at + 1));
    rest = rest.slice(0, at);
  }
  let persona: LlmPersona = "default";
  const hash = rest.lastIndexOf("#");
  if (hash >= 0) {
    const named = rest.slice(hash + 1);
    if (!isLlmPersona(named)) return { ok: false, reason: `unknown persona "${named}"` };
    persona = named;
    rest = rest.slice(0, hash);
  }
  if (rest === "") return { ok: false, reason: "no model named" };
  return { ok: true, key: { backend, modelSpec: `${backend}:${rest}`, persona, version } };
}
