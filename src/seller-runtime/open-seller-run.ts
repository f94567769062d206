import type { RunState } from "../../env/run";
import { withOpening } from "../../sellers/llm/llm-seller";
import { type OpenRunOptions, openRun } from "../../tasks/open-run";
import type { ResolvedSeller } from "./resolve-seller-spec";

/**
 * Open a task run against a resolved seller. For an LLM seller the first episode's opening
 * line comes from the model: a dry open (pure, no model) tells us the item and the ask, the
 * model writes the line (or the rule line stands on any failure), and the run opens with it.
 */
export async function openSellerRun(
  taskId: string,
  options: Omit<OpenRunOptions, "seller">,
  seller: ResolvedSeller,
  signal?: AbortSignal,
): Promise<RunState> {
  if (!seller.opening) return openRun(taskId, { ...options, seller: seller.policy });
  const dry = openRun(taskId, { ...options, seller: seller.policy }).episode;
  const first = dry.events[0];
  const fallbackMessage = first?.type === "episode_started" ? first.message : "";
  const { message } = await seller.opening(
    {
      itemName: dry.spec.item.name,
      ask: dry.anchor,
      category: dry.spec.item.category ?? undefined,
      fallbackMessage,
    },
    signal,
  );
  return openRun(taskId, { ...options, seller: withOpening(seller.policy, message, dry.spec.item.name) });
}
