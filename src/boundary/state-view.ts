import { type PublicState, publicState } from "../../env/public-state";
import { type RunState, runComplete } from "../../env/run";
import { hiddenRevealed } from "./reveal";

/** GET /state, the WS state frame and MCP get_state: the public state, hidden values only once the run is over. */
export function stateView(run: RunState): PublicState {
  const s = publicState(run);
  const revealed = hiddenRevealed({ episodeOver: run.episode.done, runLive: !runComplete(run) });
  return revealed ? s : { ...s, hidden: null };
}
