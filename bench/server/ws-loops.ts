import WebSocket from "ws";
import { LOOPS, SECONDS } from "./config";
import { nextAction } from "./episode-loops";
import type { Json } from "./http-client";

/** 16 WebSocket connections, each one OpenEnv session, playing episodes back to back. */
export async function measureWs(host: string, port: number): Promise<{ rate: number }> {
  let steps = 0;
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  const loop = async (seed: number) => {
    const ws = new WebSocket(`ws://${host}:${port}/ws`, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const pending: ((frame: Json) => void)[] = [];
    ws.on("message", (data) => pending.shift()?.(JSON.parse(String(data)) as Json));
    const send = (frame: Json) =>
      new Promise<Json>((resolve) => {
        pending.push(resolve);
        ws.send(JSON.stringify(frame));
      });
    let reply = await send({ type: "reset", data: { seed } });
    let k = 0;
    while (performance.now() < until) {
      const data = reply.data as Json;
      reply = await send({ type: "step", data: nextAction(data.observation as Json, k++) });
      if (reply.type !== "observation") continue;
      steps++;
      if ((reply.data as Json).done === true) {
        reply = await send({ type: "reset", data: { seed: ++seed } });
        k = 0;
      }
    }
    ws.close();
  };
  await Promise.all(Array.from({ length: LOOPS }, (_, i) => loop(20_000 + i * 97)));
  return { rate: steps / ((performance.now() - t0) / 1000) };
}
