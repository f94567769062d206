import type { CommandIo } from "../cli/eval/command-io";

/** A CommandIo that keeps what a CLI command printed, for tests (and quiet in-process runs). */
export function captureIo(
  env: Record<string, string> = {},
): CommandIo & { stdout: () => string; stderr: () => string } {
  let out = "";
  let err = "";
  return {
    out: (t) => {
      out += t;
    },
    err: { write: (t: string) => (err += t), isTTY: false },
    env,
    stdout: () => out,
    stderr: () => err,
  };
}
