import type { BackendStatus, SellerSummary, TaskSummary } from "../src/wire/catalog";
import type {
  CounterfactualRequest,
  CounterfactualResponse,
  SellerCounterfactualRequest,
} from "../src/wire/counterfactual";
import type { PublicState } from "../src/wire/env-types";
import type { EpisodeListItem, EpisodeListResponse } from "../src/wire/episode-list";
import type { EpisodeView } from "../src/wire/episode-view";
import type { HighlightResponse } from "../src/wire/highlight";
import type {
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardRow,
  SellerLeaderboardQuery,
  SellerLeaderboardResponse,
} from "../src/wire/leaderboard";
import type { MatchBuyersResponse, MatchRequest, MatchStep, MatchView } from "../src/wire/match";
import type { ResetRequest, ResetResponse } from "../src/wire/reset";
import type { ScoreResponse } from "../src/wire/score";
import type { SellerEpisodeView } from "../src/wire/seller-role";
import type { SessionState } from "../src/wire/session";
import type { StepRequest, StepResponse } from "../src/wire/step";

// The UI's names for the wire contract's types (src/wire is the single source; nothing is copied).
export type TaskInfo = TaskSummary;
export type SellerInfo = SellerSummary;
export type BackendInfo = BackendStatus;
export type CounterfactualBody = CounterfactualRequest | SellerCounterfactualRequest;
/** GET /episodes/:id answers either role's view: a seller-role episode's names `role: "seller"`. */
export type AnyEpisodeView = EpisodeView | SellerEpisodeView;
export type CounterfactualResult = CounterfactualResponse;

export type {
  EpisodeListItem,
  EpisodeView,
  HighlightResponse,
  LeaderboardQuery,
  LeaderboardResponse,
  LeaderboardRow,
  MatchBuyersResponse,
  MatchStep,
  MatchView,
  PublicState,
  ResetResponse,
  ScoreResponse,
  SellerEpisodeView,
  SellerLeaderboardQuery,
  SellerLeaderboardResponse,
  StepResponse,
};

/** A refused request, with the server's own message (already written for people). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

function errorMessage(body: unknown, status: number): string {
  const err = (body as { error?: { message?: unknown } } | null)?.error;
  if (err && typeof err.message === "string") return err.message;
  return `The server answered ${status}.`;
}

/**
 * A server started with API keys asks every caller for one (docs/access-control.md). The page
 * asks the person once, keeps the key for this tab only, and sends it as a bearer token.
 */
const KEY_SLOT = "bazaar-api-key";

function storedKey(): string | null {
  try {
    return sessionStorage.getItem(KEY_SLOT);
  } catch {
    return null;
  }
}

function askForKey(): string | null {
  const key = window
    .prompt("This bazaar server asks for an API key. Paste yours (kept for this tab only):")
    ?.trim();
  if (!key) return null;
  try {
    sessionStorage.setItem(KEY_SLOT, key);
  } catch {
    // Private mode: the key still works for this request.
  }
  return key;
}

async function send(
  method: "GET" | "POST",
  path: string,
  body: unknown,
  key: string | null,
  extra: Record<string, string>,
): Promise<Response> {
  const headers: Record<string, string> = {
    ...extra,
    ...(body === undefined ? {} : { "content-type": "application/json" }),
  };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  try {
    return await fetch(path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "Could not reach the bazaar server. Is it still running?");
  }
}

export async function call<T>(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<T> {
  const sentKey = storedKey();
  let res = await send(method, path, body, sentKey, extra);
  if (res.status === 401) {
    // Calls made together all meet the 401; the first one asks, the others use its answer.
    const fresh = storedKey();
    const key = fresh !== null && fresh !== sentKey ? fresh : askForKey();
    if (key !== null) res = await send(method, path, body, key, extra);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, errorMessage(data, res.status));
  return data as T;
}

const q = encodeURIComponent;

/** The public HTTP API, same origin: exactly what any other client of the server uses. */
export const api = {
  tasks: () => call<{ tasks: TaskInfo[] }>("GET", "/tasks").then((r) => r.tasks),
  sellers: () => call<{ sellers: SellerInfo[] }>("GET", "/sellers").then((r) => r.sellers),
  backends: () => call<{ backends: BackendInfo[] }>("GET", "/health").then((r) => r.backends),
  reset: (req: ResetRequest) => call<ResetResponse>("POST", "/reset", req),
  step: (req: StepRequest) => call<StepResponse>("POST", "/step", req),
  state: (sessionId: string) => call<SessionState>("GET", `/state?session_id=${q(sessionId)}`),
  score: (sessionId: string) => call<ScoreResponse>("GET", `/score?session_id=${q(sessionId)}`),
  highlight: (message: string) => call<HighlightResponse>("POST", "/highlight", { message }),
  /** A live episode is readable only by its own session: the id rides in a header, never the URL. */
  episode: (id: string, sessionId?: string) =>
    call<AnyEpisodeView>(
      "GET",
      `/episodes/${q(id)}`,
      undefined,
      sessionId === undefined ? {} : { "x-session-id": sessionId },
    ),
  evalEpisode: (runId: string, id: string) =>
    call<EpisodeView>("GET", `/eval/runs/${q(runId)}/episodes/${q(id)}`),
  leaderboard: (filters: LeaderboardQuery) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ""));
    const text = query.toString();
    return call<LeaderboardResponse>("GET", `/leaderboard${text === "" ? "" : `?${text}`}`);
  },
  sellerLeaderboard: (filters: SellerLeaderboardQuery) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ""));
    return call<SellerLeaderboardResponse>(
      "GET",
      `/leaderboard?role=seller${query.size === 0 ? "" : `&${query}`}`,
    );
  },
  recentEpisodes: (limit = 20) =>
    call<EpisodeListResponse>("GET", `/episodes?limit=${limit}`).then((r) => r.episodes),
  matchBuyers: () => call<MatchBuyersResponse>("GET", "/matches/buyers").then((r) => r.buyers),
  startMatch: (req: Partial<MatchRequest> & { buyer: string }) => call<MatchView>("POST", "/matches", req),
  match: (id: string, after: number) => call<MatchView>("GET", `/matches/${q(id)}?after=${after}`),
  counterfactual: (id: string, body: CounterfactualBody) =>
    call<CounterfactualResult>("POST", `/episodes/${q(id)}/counterfactual`, body),
};
