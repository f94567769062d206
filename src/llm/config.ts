import { z } from "zod";

/**
 * LLM backend settings from an env-like record handed in by the caller (never read at
 * import time, so tests and the CLI can pass their own). The variable table is the single
 * source for both validation and the README's configuration section.
 */
export interface LlmEnvVar {
  name: string;
  default: string | null;
  meaning: string;
  secret: boolean;
}

const VARS = [
  {
    name: "HF_TOKEN",
    default: null,
    secret: true,
    meaning: "Hugging Face access token for Inference Providers or a private Inference Endpoint.",
  },
  {
    name: "BAZAAR_HF_MODEL",
    default: null,
    secret: false,
    meaning: "Hub model id to call through Inference Providers (or the model name an endpoint expects).",
  },
  {
    name: "BAZAAR_HF_ENDPOINT_URL",
    default: null,
    secret: false,
    meaning: "Dedicated Inference Endpoint or any OpenAI-compatible base URL (with or without /v1).",
  },
  {
    name: "BAZAAR_HF_PROVIDER",
    default: null,
    secret: false,
    meaning:
      "Inference provider for BAZAAR_HF_MODEL (e.g. auto, together); not combinable with an endpoint URL.",
  },
  {
    name: "OLLAMA_HOST",
    default: "http://127.0.0.1:11434",
    secret: false,
    meaning: "Base URL of the Ollama server.",
  },
  {
    name: "BAZAAR_OLLAMA_MODEL",
    default: null,
    secret: false,
    meaning: "Ollama model tag to use, e.g. llama3.2:3b.",
  },
  {
    name: "BAZAAR_LLM_TIMEOUT_MS",
    default: "20000",
    secret: false,
    meaning: "Total budget per model call including retries (1000–55000, kept under the 60 s client limit).",
  },
  {
    name: "BAZAAR_LLM_MAX_CONCURRENT",
    default: "4",
    secret: false,
    meaning: "Model calls allowed in flight at once per backend.",
  },
  {
    name: "BAZAAR_LLM_DAILY_CAP",
    default: "1500",
    secret: false,
    meaning: "Backend attempts allowed per UTC day per backend (retries count).",
  },
] as const satisfies readonly LlmEnvVar[];

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const httpUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional()
  .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), { message: "must be an http(s) URL" });

const intIn = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : Number(v)))
    .pipe(z.number().int().min(min).max(max));

const schema = z
  .object({
    HF_TOKEN: optionalText,
    BAZAAR_HF_MODEL: optionalText,
    BAZAAR_HF_ENDPOINT_URL: httpUrl,
    BAZAAR_HF_PROVIDER: optionalText,
    OLLAMA_HOST: httpUrl.transform((v) => v ?? "http://127.0.0.1:11434"),
    BAZAAR_OLLAMA_MODEL: optionalText,
    BAZAAR_LLM_TIMEOUT_MS: intIn(20_000, 1_000, 55_000),
    BAZAAR_LLM_MAX_CONCURRENT: intIn(4, 1, 64),
    BAZAAR_LLM_DAILY_CAP: intIn(1_500, 0, 10_000_000),
  })
  .refine((env) => !(env.BAZAAR_HF_ENDPOINT_URL && env.BAZAAR_HF_PROVIDER), {
    message: "set either an endpoint URL or a provider, not both",
    path: ["BAZAAR_HF_PROVIDER"],
  });

export interface LlmConfig {
  hf: { token?: string; model?: string; endpointUrl?: string; provider?: string };
  ollama: { host: string; model?: string };
  policy: { timeoutMs: number; maxConcurrent: number; dailyCap: number };
}

export function readLlmConfig(env: Readonly<Record<string, string | undefined>>): LlmConfig {
  const picked = Object.fromEntries(VARS.map((v) => [v.name, env[v.name]]));
  const parsed = schema.safeParse(picked);
  if (!parsed.success) {
    // Name the variables only; echoing received values could print the token.
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(config)"}: ${i.message}`);
    throw new Error(`invalid LLM configuration: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  return {
    hf: {
      token: e.HF_TOKEN,
      model: e.BAZAAR_HF_MODEL,
      endpointUrl: e.BAZAAR_HF_ENDPOINT_URL,
      provider: e.BAZAAR_HF_PROVIDER,
    },
    ollama: { host: e.OLLAMA_HOST, model: e.BAZAAR_OLLAMA_MODEL },
    policy: {
      timeoutMs: e.BAZAAR_LLM_TIMEOUT_MS,
      maxConcurrent: e.BAZAAR_LLM_MAX_CONCURRENT,
      dailyCap: e.BAZAAR_LLM_DAILY_CAP,
    },
  };
}

export function describeLlmConfig(): LlmEnvVar[] {
  return VARS.map((v) => ({ ...v }));
}

/** Markdown table for the README's configuration section. */
export function llmConfigMarkdown(): string {
  const rows = describeLlmConfig().map(
    (v) => `| \`${v.name}\` | ${v.default === null ? "–" : `\`${v.default}\``} | ${v.meaning} |`,
  );
  return ["| Variable | Default | Meaning |", "| --- | --- | --- |", ...rows].join("\n");
}
