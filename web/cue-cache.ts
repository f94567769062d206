import { api } from "./api";
import type { CueMark } from "./cue-spans";

/**
 * Cue highlights of seller lines, asked of POST /highlight once per distinct line. A line the
 * server could not read simply stays plain: highlights are a help, never a reason to fail a page.
 */
export async function loadCues(cache: Map<string, CueMark[]>, lines: readonly string[]): Promise<void> {
  const fresh = [...new Set(lines)].filter((m) => m !== "" && !cache.has(m));
  const got = await Promise.all(
    fresh.map((m) =>
      api
        .highlight(m)
        .then((r) => [m, r.spans] as const)
        .catch(() => null),
    ),
  );
  for (const g of got) if (g !== null) cache.set(g[0], g[1]);
}
