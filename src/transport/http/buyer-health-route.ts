import type { Hono } from "hono";
import { llmBuyerKeyFor } from "../../../buyers/registry";
import type { BackendStatus } from "../../wire/catalog";
import type { Named } from "../../wire/operation";
import { BuyerHealthResponse } from "../../wire/seller-role";
import { documented } from "./route-docs";

const DOC = documented({
  tag: "catalog",
  summary: "Language-model buyers and their backends' health (seller role)",
  description:
    "One entry per configured model backend: the LLM buyer key it serves (what `/reset` takes as `buyer`) and whether the backend answers now (probed, cached 30 s). An empty list: no backend is configured, so only code buyers play. A buyer whose backend does not answer can still be picked: its fallback moves play, and each step says so (`info.buyer_fallback`).",
  guard: "read",
  ok: {
    description: "LLM buyers with their backends' health",
    schema: ["BuyerHealthResponse", BuyerHealthResponse] as Named,
  },
});

/**
 * GET /buyers/health: the /web/sell badge and menu read which LLM buyers are live from here,
 * instead of working out a buyer key from the seller key of GET /health's backends.
 */
export function registerBuyerHealthRoute(
  app: Hono,
  backends?: () => Promise<readonly BackendStatus[]>,
): void {
  app.get("/buyers/health", DOC, async (c) => {
    const probed = backends === undefined ? [] : await backends();
    const body: BuyerHealthResponse = {
      buyers: probed.map((b) => ({
        key: llmBuyerKeyFor(b.sellerKey),
        backend: b.backend,
        reachable: b.reachable,
        detail: b.detail,
      })),
    };
    return c.json(body);
  });
}
