import { z } from "zod";

/** Longest session id a request may name; ids the server issues are far shorter. */
export const SESSION_ID_MAX = 128;

/**
 * The one spelling of a session id on every transport (HTTP bodies and queries, batch items,
 * MCP tool arguments and session methods). Bounded so an error that echoes it stays small.
 */
export const SessionId = z.string().min(1).max(SESSION_ID_MAX);
