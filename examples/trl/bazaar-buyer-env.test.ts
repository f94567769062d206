import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LiveBackend, startRealServer } from "../../src/testing/backends";
import { pythonCanImport, runProcess } from "../../src/testing/run-process";

const here = fileURLToPath(new URL(".", import.meta.url));

// Drives the adapter the way TRL does: reset with a dataset row, tool calls, get_reward.
const DRIVER = `
import json, sys
sys.path.insert(0, sys.argv[1])
from bazaar_buyer_env import BazaarBuyerEnv
env = BazaarBuyerEnv()
out = {"briefing": env.reset(seed=9, task_id="single_deal", prompt=[{"role": "user", "content": "hi"}])}
out["offer"] = env.offer(25, "Would you take 25?")
errors = []
for bad in [(float("nan"), "x"), (30, "x" * 3000)]:
    try:
        env.offer(*bad)
    except ValueError as e:
        errors.append(str(e))
out["accept"] = env.accept()
try:
    env.walk_away()
except ValueError as e:
    errors.append(str(e))
out["errors"] = errors
out["reward"] = env.get_reward()
env.reset(seed=9, task_id="single_deal")
env._close()
print(json.dumps(out))
`;

let server: LiveBackend;
beforeAll(async () => {
  server = await startRealServer();
});
afterAll(() => server.close());

describe("examples/trl/bazaar_buyer_env.py", () => {
  it("exposes offer/accept/walk_away as tools and raises readable errors TRL feeds back", async () => {
    const source = readFileSync(`${here}/bazaar_buyer_env.py`, "utf8");
    for (const tool of ["offer", "accept", "walk_away"]) {
      expect(source).toMatch(new RegExp(`def ${tool}\\(self[^)]*\\) -> str:\\n\\s+"""[\\s\\S]*?"""`));
    }
    expect(source).toMatch(/def offer[\s\S]*?Args:\n\s+price: [\s\S]*?message: /);
    if (!(await pythonCanImport("requests"))) {
      console.warn("python3 with requests is not available; the TRL adapter was not run.");
      return;
    }
    const r = await runProcess("python3", ["-c", DRIVER, here], { BAZAAR_URL: server.url });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(String(out.briefing).startsWith("\n\nYou are the buyer")).toBe(true);
    expect(out.offer).toMatch(/Round 1\/\d+; the seller asks/);
    expect(out.accept).toMatch(/The negotiation is over: deal at/);
    expect(out.errors).toEqual([
      "The price must be a finite number.",
      expect.stringMatching(/^Invalid action: message: /),
      "The negotiation is over.",
    ]);
    expect(typeof out.reward).toBe("number");
    expect(server.service.capacity().active_sessions).toBe(0);
  });

  it.each([["terminal"], ["shaped"]])(
    "on a v2 task in %s mode, get_reward is the episode's task score",
    async (mode) => {
      if (!(await pythonCanImport("requests"))) {
        console.warn("python3 with requests is not available; the TRL adapter was not run.");
        return;
      }
      const r = await runProcess("python3", ["-c", V2_DRIVER, here], {
        BAZAAR_URL: server.url,
        BAZAAR_REWARD_MODE: mode,
      });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout) as { reward: number; score: number; task: string };
      expect(out.task).toBe("single_deal");
      expect(out.score).toBeGreaterThan(0);
      expect(out.reward).toBeCloseTo(out.score, 3);
    },
  );
});

// No task_id in the row: the adapter's default is the v2 task. Plays to a deal, then compares
// the summed reward with the server's grade of the same session.
const V2_DRIVER = `
import json, sys
sys.path.insert(0, sys.argv[1])
import bazaar_buyer_env as m
env = m.BazaarBuyerEnv()
env.reset(seed=12)
for price in (20, 30, 40, 50, 60):
    if env.done:
        break
    env.offer(price, "How about this?")
if not env.done:
    env.accept()
score = m._http.get(f"{env.base_url}/score", params={"session_id": env.session_id}).json()
print(json.dumps({"reward": env.get_reward(), "score": score["score"], "task": score["task"]}))
env._close()
`;
