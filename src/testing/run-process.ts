import { spawn } from "node:child_process";

export interface ProcessResult {
  /** null when the program could not be started at all (for example not installed). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run a program to completion without blocking the event loop (tests often run the server it
 * talks to in the same process).
 */
export function runProcess(
  cmd: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => {
      stdout += String(d);
    });
    child.stderr.on("data", (d) => {
      stderr += String(d);
    });
    child.once("error", (e) => resolve({ code: null, stdout, stderr: stderr + String(e) }));
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Whether python3 runs and can import the module, with the given interpreter flags. */
export async function pythonCanImport(module: string, flags: readonly string[] = []): Promise<boolean> {
  const r = await runProcess("python3", [...flags, "-c", `import ${module}`]);
  return r.code === 0;
}
