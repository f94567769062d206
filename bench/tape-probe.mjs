// The exchange bench's stream reader, on its own thread (plain JavaScript: a worker started
// under tsx on Node 20 does not get its loader): the 200 agents' sockets share the
// main thread's event loop, and timing the stream there would measure the bench's own queue.
// Reads GET /markets/stream until told "stop", then posts what it saw.
import { parentPort, workerData } from "node:worker_threads";

const ctl = new AbortController();
const settled = new Map();
const latency = [];
let rows = 0;
let lastId = 0;
let outOfOrder = 0;
let opened = 0;
let closed = 0;

parentPort.on("message", (m) => {
  if (m === "stop") ctl.abort();
  if (m === "count") parentPort.postMessage({ type: "count", opened, closed });
});

try {
  const res = await fetch(`${workerData.url}/markets/stream`, { signal: ctl.signal });
  parentPort.postMessage({ type: "ready" });
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    for (let cut = buf.indexOf("\n\n"); cut !== -1; cut = buf.indexOf("\n\n")) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      const data = block.split("\n").find((l) => l.startsWith("data: "));
      if (data === undefined) continue;
      const row = JSON.parse(data.slice(6));
      latency.push(Date.now() - row.entry.at);
      rows++;
      if (row.id <= lastId) outOfOrder++;
      lastId = row.id;
      const kind = row.entry.kind;
      if (kind === "settled") {
        const k = `${row.entry.market_id}|${row.entry.winner}`;
        settled.set(k, (settled.get(k) ?? 0) + 1);
      }
      if (kind === "request_opened" || kind === "listing_opened") opened++;
      if (kind === "closed") closed++;
    }
  }
} catch {
  // aborted at the end
}
parentPort.postMessage({ type: "done", settled: [...settled], latency, rows, outOfOrder, opened, closed });
