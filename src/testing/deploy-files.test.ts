import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../config/config";
import { type LiveBackend, startRealServer } from "./backends";

/*
 * No Docker engine runs here, so the Dockerfile is checked by reading it: its install and run
 * steps must be the ones CI and the README use, and its health probe is executed for real.
 */

const root = new URL("../../", import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), "utf8");

interface Instruction {
  op: string;
  args: string;
  stage: number;
}

function parseDockerfile(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, " ");
  const out: Instruction[] = [];
  let stage = -1;
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const m = /^(\S+)\s+(.*)$/.exec(line);
    if (!m) continue;
    const op = (m[1] as string).toUpperCase();
    if (op === "FROM") stage += 1;
    out.push({ op, args: (m[2] as string).replace(/\s+/g, " "), stage });
  }
  return out;
}

const docker = parseDockerfile(read("Dockerfile"));
const lastStage = Math.max(...docker.map((i) => i.stage));
const final = docker.filter((i) => i.stage === lastStage);
const pkg = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};

/** The final stage's CMD in exec form, as docker runs it. */
function dockerCmd(): string[] {
  const cmd = final.find((i) => i.op === "CMD");
  const argv: unknown = JSON.parse(cmd?.args ?? "null");
  if (!Array.isArray(argv) || !argv.every((a) => typeof a === "string"))
    throw new Error("CMD is not exec form");
  return argv;
}

function healthProbe(): string {
  const hc = final.find((i) => i.op === "HEALTHCHECK");
  const m = /CMD node -e "(.*)"$/.exec(hc?.args ?? "");
  if (!m) throw new Error("HEALTHCHECK is not a node -e one-liner");
  return m[1] as string;
}

describe("Dockerfile", () => {
  it("is a multi-stage node:20-slim build whose build stage can compile better-sqlite3", () => {
    const froms = docker.filter((i) => i.op === "FROM");
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const f of froms) expect(f.args).toMatch(/^node:20-slim\b/);
    const buildRuns = docker.filter((i) => i.stage === 0 && i.op === "RUN").map((i) => i.args);
    expect(buildRuns.join("\n")).toMatch(/apt-get install .*python3.*make.*g\+\+/);
    expect(pkg.dependencies).toHaveProperty("better-sqlite3");
  });

  it("the README's prerequisites name every build tool the image installs for better-sqlite3", () => {
    const install = docker.find((i) => i.stage === 0 && /apt-get install/.test(i.args))?.args ?? "";
    const tools = install
      .replace(/^.*apt-get install\s+/, "")
      .split(/\s+&&/)[0]
      ?.split(/\s+/)
      .filter((w) => w !== "" && !w.startsWith("-"));
    expect(tools).toEqual(["python3", "make", "g++"]);
    const quickStart = read("README.md").split("## Quick start")[1]?.split("\n## ")[0] ?? "";
    for (const tool of tools ?? []) expect(quickStart).toContain(tool);
    expect(quickStart).toMatch(/gyp ERR!/);
  });

  it("installs with npm ci from the lock file, as .ci/run does", () => {
    const copies = docker.filter((i) => i.stage === 0 && i.op === "COPY").map((i) => i.args);
    expect(copies.some((c) => c.includes("package.json") && c.includes("package-lock.json"))).toBe(true);
    const install = docker.find((i) => i.op === "RUN" && /\bnpm ci\b/.test(i.args));
    expect(install).toBeDefined();
    expect(read(".ci/run")).toMatch(/^npm ci\b/m);
  });

  it("runs node itself as the main process, with exactly the npm start command", () => {
    const cmd = dockerCmd();
    // npm and sh do not pass SIGTERM on: the server must be the process docker signals.
    expect(cmd[0]).toBe("node");
    expect(final.some((i) => i.op === "ENTRYPOINT")).toBe(false);
    expect(cmd.join(" ")).toBe(pkg.scripts.start);
    expect(pkg.scripts.start).toMatch(/\bserve$/);
    expect(read("README.md")).toContain("npm start");
    // The runtime stage installs without dev dependencies, so the loader must be a dependency.
    expect(cmd.slice(1, 3)).toEqual(["--import", "tsx"]);
    expect(pkg.dependencies).toHaveProperty("tsx");
  });

  it("listens on 0.0.0.0:8000 as the non-root node user, with SQLite in a node-owned data dir", () => {
    expect(final.find((i) => i.op === "EXPOSE")?.args).toBe("8000");
    const env = final
      .filter((i) => i.op === "ENV")
      .map((i) => i.args)
      .join(" ");
    expect(env).toContain("PORT=8000");
    expect(env).toContain("HOST=0.0.0.0");
    expect(env).toContain("BAZAAR_DB=/home/node/app/data/bazaar.db");
    expect(DEFAULT_CONFIG.port).toBe(8000);
    expect(final.find((i) => i.op === "USER")?.args).toBe("node");
    const userAt = final.findIndex((i) => i.op === "USER");
    const cmdAt = final.findIndex((i) => i.op === "CMD");
    expect(userAt).toBeLessThan(cmdAt);
    const runs = final.filter((i) => i.op === "RUN").map((i) => i.args);
    expect(runs.some((r) => r.includes("mkdir -p /home/node/app/data") && r.includes("chown"))).toBe(true);
  });

  it("keeps the OpenEnv health-check timings and probes /health", () => {
    const hc = final.find((i) => i.op === "HEALTHCHECK")?.args ?? "";
    for (const flag of ["--interval=30s", "--timeout=3s", "--start-period=5s", "--retries=3"]) {
      expect(hc).toContain(flag);
    }
    expect(healthProbe()).toContain("/health");
  });

  it("ships the sources the server imports and nothing local", () => {
    const ignored = read(".dockerignore")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    for (const must of ["node_modules", "data", ".git"]) expect(ignored).toContain(must);
    for (const src of ["env", "sellers", "tasks", "eval", "src", "package.json", "README.md"]) {
      expect(ignored).not.toContain(src);
    }
  });
});

describe("the HEALTHCHECK probe, run for real", () => {
  let server: LiveBackend;
  beforeAll(async () => {
    server = await startRealServer();
  });
  afterAll(() => server.close());

  // Asynchronous on purpose: the server answering the probe runs in this very process.
  const probe = (port: string) =>
    new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ["-e", healthProbe()], {
        env: { ...process.env, PORT: port },
        stdio: "ignore",
      });
      child.once("error", reject);
      child.once("exit", (code) => resolve(code));
    });

  it("exits 0 against a healthy server", async () => {
    expect(await probe(new URL(server.url).port)).toBe(0);
  });

  it("exits 1 when nothing listens", async () => {
    expect(await probe("1")).toBe(1);
  });
});

describe("docker stop, run for real on the image's exact command line", () => {
  it("SIGTERM to that process drains the server and exits 0", async () => {
    const [, ...args] = dockerCmd();
    const child = spawn(process.execPath, args, {
      cwd: root.pathname,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", BAZAAR_DB: ":memory:", LOG_LEVEL: "info" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const logs: Array<Record<string, unknown>> = [];
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      child.once("exit", () => reject(new Error("the server exited before listening")));
      createInterface({ input: child.stderr }).on("line", (line) => {
        if (!line.startsWith("{")) return;
        const ev = JSON.parse(line) as Record<string, unknown>;
        logs.push(ev);
        if (ev.msg === "server listening") resolve(String(ev.url));
      });
    });
    expect((await fetch(`${url}/health`)).ok).toBe(true);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const msgs = logs.map((l) => l.msg);
    expect(logs.find((l) => l.msg === "shutting down")?.signal).toBe("SIGTERM");
    expect(msgs.indexOf("server stopped")).toBeGreaterThan(msgs.indexOf("shutting down"));
  });
});

describe("openenv.yaml", () => {
  const manifest = Object.fromEntries(
    read("openenv.yaml")
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+#.*$/, "").trim())
      .filter((l) => l !== "" && !l.startsWith("#"))
      .map((l) => {
        const i = l.indexOf(":");
        return [l.slice(0, i).trim(), l.slice(i + 1).trim()];
      }),
  );

  it("has the template's keys, with the real port", () => {
    expect(manifest).toMatchObject({
      spec_version: "1",
      name: "bazaar_batna",
      type: "space",
      runtime: "fastapi",
      port: "8000",
    });
    expect(manifest.app).toBeTruthy();
    expect(read("openenv.yaml")).toMatch(/runtime: fastapi #.*Node/);
  });
});
