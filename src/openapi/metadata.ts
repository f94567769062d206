import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** GET /metadata's body: OpenEnv's EnvironmentMetadata, plus our additive `max_sessions`. */
export const MetadataResponse = z
  .object({
    name: z.string(),
    description: z.string(),
    readme_content: z.string().nullable(),
    version: z.string().nullable(),
    author: z.string().nullable(),
    documentation_url: z.string().nullable(),
    max_sessions: z.number().int().optional(),
  })
  .loose();
export type EnvMetadata = Omit<z.infer<typeof MetadataResponse>, "max_sessions">;

const README_URL = new URL("../../README.md", import.meta.url);

function readReadme(): string | null {
  try {
    return readFileSync(fileURLToPath(README_URL), "utf8");
  } catch {
    return null;
  }
}

/** GET /metadata (OpenEnv's EnvironmentMetadata): every key present, null when unknown. */
export function buildMetadata(version: string, readme: string | null = readReadme()): EnvMetadata {
  return {
    name: "bazaar_batna",
    description:
      "Buyer-vs-seller bargaining environment: an LLM buyer negotiates with scripted or LLM sellers under private budgets, deadlines and tells. Explicit sessions over HTTP, OpenEnv WebSocket frames at /ws, MCP tools at /mcp.",
    readme_content: readme,
    version,
    author: "BazaarBATNA contributors",
    documentation_url: "/docs",
  };
}
