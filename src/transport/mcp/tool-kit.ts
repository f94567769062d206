import { z } from "zod";
import type { SessionService } from "../../sessions/session-service";

export interface ToolContext {
  service: SessionService;
  /** Set when the call arrives over a WS connection, whose session it then targets. */
  boundSessionId?: string;
  /** That connection, which a WS-held session requires on every call. */
  channel?: object;
}

export interface ToolOutcome {
  text: string;
  structured: Record<string, unknown>;
}

export interface ToolSpec<S extends z.ZodType> {
  name: string;
  description: string;
  needsSession: boolean;
  args: S;
  run(args: z.infer<S>, sessionId: string | undefined, ctx: ToolContext): Promise<ToolOutcome>;
}

export const SessionArg = z
  .string()
  .min(1)
  .max(128)
  .describe("The session returned by new_negotiation or new_sale.");

export const tool = <S extends z.ZodType>(spec: ToolSpec<S>): ToolSpec<S> => spec;

/** What a step tool answers: the reply's observation, reward, flags and info, and a line of text. */
export function stepOutcome(
  r: {
    observation: { message: string };
    reward: number;
    done: boolean;
    terminated: boolean;
    truncated: boolean;
    info: unknown;
  },
  status: string,
): ToolOutcome {
  const structured = {
    observation: r.observation,
    reward: r.reward,
    done: r.done,
    terminated: r.terminated,
    truncated: r.truncated,
    info: r.info,
  };
  return { text: `${r.observation.message}\n${status}`, structured };
}
