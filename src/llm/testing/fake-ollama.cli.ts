import { parseArgs } from "node:util";
import { startFakeOllamaServer } from "./fake-ollama-server";
import type { ScriptedReply } from "./scripted-http-server";

/**
 * A stand-in Ollama on 127.0.0.1 for trying LLM sellers without a model:
 *   npx tsx src/llm/testing/fake-ollama.cli.ts [--model gemma3:4b]
 * It prints its URL, then answers /api/chat with a short scripted seller (a fair counter, a
 * counter that states the floor, a garbled reply) and after that a steady counter. It speaks
 * the real wire protocol, so the real `ollama` client and the real server talk to it.
 */
const { values } = parseArgs({
  options: { model: { type: "string", default: "gemma3:4b" } },
});
const reply = (o: Record<string, unknown>): ScriptedReply => ({ kind: "text", text: JSON.stringify(o) });

const server = await startFakeOllamaServer({ models: [values.model] });
server.enqueue(
  reply({ message: "Bhai, quality dekho. 55 final.", action: "counter", price: 55 }),
  {
    kind: "text",
    text: '```json\n{"message": "I really cannot go below 31.50, ok 48", "action": "counter", "price": 48}\n```',
  },
  { kind: "text", text: "hmm let me think about it" },
);
server.setFallback(reply({ message: "Chalo, 42 and we are done.", action: "counter", price: 42 }));
console.log(server.url);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
