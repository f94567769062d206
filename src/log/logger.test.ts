import { describe, expect, it } from "vitest";
import { createLogger, errorFields, LOG_LEVELS, type LogLevel } from "./logger";

const AT = new Date(Date.UTC(2025, 4, 10, 12, 30, 0, 250));

function capture(level: LogLevel) {
  const lines: string[] = [];
  const logger = createLogger(
    level,
    (line) => lines.push(line),
    () => AT,
  );
  return { logger, lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("createLogger", () => {
  it("writes one JSON object per line with ISO time, level label, message and fields", () => {
    const { logger, lines, parsed } = capture("info");
    logger.info("session opened", { session: "s-1", task: "single_deal", step: 3 });
    logger.warn("slow seller");
    expect(lines.every((line) => !line.includes("\n"))).toBe(true);
    expect(parsed()).toEqual([
      {
        time: "2025-05-10T12:30:00.250Z",
        level: "info",
        msg: "session opened",
        session: "s-1",
        task: "single_deal",
        step: 3,
      },
      { time: "2025-05-10T12:30:00.250Z", level: "warn", msg: "slow seller" },
    ]);
  });

  it("drops lines below the configured level and everything when silent", () => {
    const levels = ["debug", "info", "warn", "error"] as const;
    const written = (level: LogLevel) => {
      const { logger, parsed } = capture(level);
      for (const lvl of levels) logger[lvl](`at ${lvl}`);
      return parsed().map((line) => line.level);
    };
    expect(written("debug")).toEqual(["debug", "info", "warn", "error"]);
    expect(written("warn")).toEqual(["warn", "error"]);
    expect(written("silent")).toEqual([]);
    expect(LOG_LEVELS).toEqual(["debug", "info", "warn", "error", "silent"]);
  });

  it("never lets a credential passed in fields reach the sink", () => {
    const secret = "hf_LoggerSecretToken13579";
    const { logger, lines, parsed } = capture("debug");
    const fields = {
      authorization: `Bearer ${secret}`,
      api_key: secret,
      apiKey: secret,
      token: secret,
      password: secret,
      hf_token: secret,
      headers: { authorization: `Bearer ${secret}`, accept: "application/json" },
      upstream: { authorization: secret, url: "http://127.0.0.1:11434" },
    };
    logger.error("backend refused", fields);
    expect(lines.join("\n")).not.toContain(secret);
    expect(parsed()[0]).toMatchObject({
      authorization: "[redacted]",
      token: "[redacted]",
      hf_token: "[redacted]",
      headers: { authorization: "[redacted]", accept: "application/json" },
      upstream: { authorization: "[redacted]", url: "http://127.0.0.1:11434" },
    });
    // Censoring works on the written line only; the caller's object is left as it was.
    expect(fields.token).toBe(secret);
  });
});

describe("errorFields", () => {
  it("keeps an Error's message, name and stack, and stringifies anything else", () => {
    const fields = errorFields(new RangeError("price out of range"));
    expect(fields).toMatchObject({ error: "price out of range", error_name: "RangeError" });
    expect(String(fields.stack)).toContain("RangeError");
    expect(errorFields(42)).toEqual({ error: "42" });
  });
});
