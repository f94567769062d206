import { performance } from "node:perf_hooks";
import { extractCues } from "../../env/tells/extract-cues";
import { loadCorpus } from "../../eval/tells/corpus/corpus-row";
import { scoreMessages } from "../../eval/tells/score";
import { readCuesLlm } from "../../sellers/llm/tell-spans-llm";
import { createOllamaChatModel } from "../llm/ollama-chat-model";
import { withResilience } from "../llm/resilient-chat-model";
import { startFakeOllamaServer } from "../llm/testing/fake-ollama-server";
import type { ScriptedReply } from "../llm/testing/scripted-http-server";

/**
 * `npm run eval:tells-llm`: the "llm:<backend>" extractor on the corpus through the real
 * Ollama client against the fake server. It measures the plumbing, not any LLM: how quotes
 * become spans (the fake answers with the gold quotes), that every failure (500, dropped
 * connection, prose instead of JSON) lands on the model path, and the cost per message.
 * Scenarios: every call fails; every call answers; one in three fails.
 */
type Row = ReturnType<typeof loadCorpus>[number];
const SAMPLE_EVERY = 4;

function goldReply(r: Row): ScriptedReply {
  const cues = r.spans.map((s) => ({
    signal: s.signal,
    quote: r.text.slice(s.start, s.end),
    grade: s.label,
  }));
  return { kind: "text", text: JSON.stringify({ cues }) };
}
const FAILURES: readonly ScriptedReply[] = [
  { kind: "error", status: 500, message: "boom" },
  { kind: "drop", when: "before_headers" },
  { kind: "text", text: "The seller sounds in a hurry." },
];

const rows = loadCorpus().filter((_, i) => i % SAMPLE_EVERY === 0);
const server = await startFakeOllamaServer({ models: ["fake:1b"] });
// A fresh client per scenario: a breaker opened by "every call fails" must not turn the next
// scenario's good answers into fallbacks.
const freshChat = () =>
  withResilience(
    createOllamaChatModel({ host: server.url, model: "fake:1b" }),
    { timeoutMs: 2000, retries: 0 },
    { now: Date.now },
  );
const modelPath = (m: string) => extractCues(m, "model");
const out: Record<string, unknown> = { rows: rows.length };
for (const [name, reply] of [
  ["all_fail", (_r: Row, i: number) => FAILURES[i % FAILURES.length] as ScriptedReply],
  ["all_answer", (r: Row) => goldReply(r)],
  [
    "one_in_three_fails",
    (r: Row, i: number) => (i % 3 === 0 ? (FAILURES[i % FAILURES.length] as ScriptedReply) : goldReply(r)),
  ],
] as const) {
  server.reset();
  const chat = freshChat();
  let fallbacks = 0;
  const items = [];
  const t0 = performance.now();
  for (const [i, r] of rows.entries()) {
    server.enqueue(reply(r, i));
    const got = await readCuesLlm(chat, r.text, modelPath);
    if (got.source === "fallback") fallbacks++;
    items.push({ predicted: got.reading.spans, gold: r.spans });
  }
  const us = ((performance.now() - t0) * 1000) / rows.length;
  const s = scoreMessages(items);
  out[name] = {
    macro_f1: Math.round(s.macro_f1 * 1e4) / 1e4,
    fallback_share: fallbacks / rows.length,
    us_per_message: Math.round(us),
  };
  process.stderr.write(
    `${name}: macro F1 ${s.macro_f1.toFixed(3)}, fallbacks ${fallbacks}/${rows.length}, ${us.toFixed(0)} µs/message\n`,
  );
}
const modelOnly = scoreMessages(rows.map((r) => ({ predicted: modelPath(r.text).spans, gold: r.spans })));
out.model_path_macro_f1_same_rows = Math.round(modelOnly.macro_f1 * 1e4) / 1e4;
await server.close();
console.log(JSON.stringify(out));
