import { z } from "zod";
import { PublicState } from "../../env/public-state";
import { SessionId } from "./session-id";

/** POST /close. Unknown keys are ignored, as on every OpenEnv request model that allows them. */
export const CloseRequest = z.object({ session_id: SessionId }).loose();

export const CloseResponse = z.object({ session_id: z.string(), closed: z.literal(true) });
export type CloseResponse = z.infer<typeof CloseResponse>;

/** GET /state: the public state, bound to the session that asked. */
export const SessionState = PublicState.extend({ session_id: z.string() }).meta({
  description:
    "The full public state; the seller's economics (`hidden`) appear only once the episode is over.",
});
export type SessionState = z.infer<typeof SessionState>;
