/**
 * What this machine allows a Node WebSocket server at all: the ceiling the ws_steps_per_s bar
 * of `npm run bench` has to fit under. A bare `ws` server in a child process answers each frame
 * with a fixed, real step reply (an OpenEnv observation frame, about 2 KB) after spinning for
 * WORK µs, and
 * 16 client loops drive it exactly as the server bench does (one frame in flight per loop, each
 * reply JSON-parsed). WORK = 0 measures sockets and framing alone; the other values stand in for
 * an environment step's own work (the engine, the SQLite commit, building the reply: about 40 µs
 * on the event loop here). Medians of three 3 s runs per value; the last line is JSON.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import WebSocket from "ws";
import { observe } from "../env/observe";
import { stepRun } from "../env/run";
import { openRun } from "../tasks/open-run";
import { median } from "./stats";

const LOOPS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const REPEATS = 3;
const WORK_US = [0, 20, 40];

const SERVER = `
const { createServer } = require("node:http");
const { WebSocketServer } = require("ws");
const work = Number(process.argv[1]) / 1000;
const reply = process.env.FLOOR_REPLY;
const server = createServer();
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on("connection", (ws) => ws.on("message", (data) => {
  JSON.parse(String(data));
  const until = performance.now() + work;
  while (performance.now() < until);
  ws.send(reply);
}));
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

async function startEcho(workUs: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["-e", SERVER, String(workUs)], {
    cwd: new URL("..", import.meta.url).pathname,
    env: { ...process.env, FLOOR_REPLY: realReply() },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const first = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`echo server exited (${code})`)));
    first.once("line", (line) => resolve(Number(line)));
  });
  return { child, port };
}

async function drive(port: number): Promise<number> {
  let steps = 0;
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  const loop = async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const pending: ((v: unknown) => void)[] = [];
    ws.on("message", (data) => pending.shift()?.(JSON.parse(String(data))));
    const action = { type: "step", data: { type: "offer", price: 42.5, message: "How about this?" } };
    while (performance.now() < until) {
      await new Promise((resolve) => {
        pending.push(resolve);
        ws.send(JSON.stringify(action));
      });
      steps++;
    }
    ws.close();
  };
  await Promise.all(Array.from({ length: LOOPS }, loop));
  return steps / ((performance.now() - t0) / 1000);
}

/** The frame the real server sends after round 4 of a single_deal episode (dialogue, tells, info). */
function realReply(): string {
  const run = openRun("single_deal", { seed: 20_000, episodeId: "floor" });
  let obs = observe(run.episode);
  let frame = "";
  for (let k = 0; k < 4; k++) {
    const ask = obs.opponent_last_offer ?? obs.seller_asking_price;
    const r = stepRun(run, {
      type: "offer",
      price: Math.round(ask * (0.4 + 0.05 * k)),
      message: "How about this?",
    });
    obs = r.observation;
    const { observation, reward, done, terminated, truncated, info } = r;
    frame = JSON.stringify({
      type: "observation",
      data: { observation, reward, done, terminated, truncated, info },
    });
  }
  return frame;
}

const result: Record<string, number> = {};
console.log("work per frame   median frames/s   runs");
for (const work of WORK_US) {
  const { child, port } = await startEcho(work);
  try {
    await drive(port); // warm-up
    const runs: number[] = [];
    for (let r = 0; r < REPEATS; r++) runs.push(await drive(port));
    result[`ws_floor_${work}us`] = Math.round(median(runs));
    console.log(
      `${`${work} µs`.padEnd(16)} ${String(Math.round(median(runs))).padStart(17)}   ${runs.map((x) => Math.round(x)).join(", ")}`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}
console.log(JSON.stringify(result));
