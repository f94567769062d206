import { parseArgs } from "node:util";
import { stepWithSeller } from "../../sellers/step-with-seller";
import { openRun } from "../../tasks/open-run";
import { chatModelFromSpec } from "../llm/chat-model-from-spec";
import { readLlmConfig } from "../llm/config";
import { resolveSellerSpec } from "./resolve-seller-spec";

/**
 * Play one scripted buyer against any seller and print the log, e.g.
 *   npx tsx src/seller-runtime/seller-episode.cli.ts --seller llm-ollama:gemma3:4b@3 --offers 20,24,28,30
 * LLM backends are configured by the variables in src/llm/config.ts. The last line is JSON.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seller: { type: "string", default: "boulware@1" },
      task: { type: "string", default: "single_deal" },
      seed: { type: "string", default: "1" },
      offers: { type: "string", default: "20,24,28,30,32" },
    },
  });
  const config = readLlmConfig(process.env);
  const seller = resolveSellerSpec(values.seller, {
    chatModel: (spec) =>
      chatModelFromSpec(spec, {
        config,
        deps: { now: Date.now },
      }),
  });
  const run = openRun(values.task, { seed: Number(values.seed), episodeId: "cli", seller: seller.policy });
  const first = run.episode.events[0];
  if (first?.type === "episode_started") console.log(`seller opens: ${first.message}`);
  for (const price of values.offers.split(",").map(Number)) {
    if (run.episode.done) break;
    const step = await stepWithSeller(run, { type: "offer", price, message: "" }, seller);
    const reply = run.episode.events.at(-1);
    if (reply?.type === "seller_replied") {
      const guard = reply.guard.map((g) => g.rule).join(",") || "-";
      console.log(
        `buyer ${price} → seller ${reply.action} ${reply.price ?? ""} [${reply.source}; guard ${guard}] ${reply.message}`,
      );
    }
    if (step.done) break;
  }
  const e = run.episode;
  console.log(
    JSON.stringify({
      seller: e.seller,
      outcome: e.outcome,
      rounds: e.round,
      agreed: e.record?.agreed_price ?? null,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
