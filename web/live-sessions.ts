/// <reference lib="dom" />

/**
 * Which session plays which live episode, remembered in this browser so the replay page can
 * follow a game the same person is playing in another tab. The session id is a capability:
 * it goes to the server only in the x-session-id header, never in a URL (links get shared and
 * logged), so it is kept here rather than in the replay link. Only the newest few are kept.
 */
const PREFIX = "bazaar.live.";
const KEEP = 20;

function slots(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function rememberLive(episodeId: string, sessionId: string): void {
  const s = slots();
  if (s === null) return;
  try {
    const mine = Object.keys(s).filter((k) => k.startsWith(PREFIX));
    for (const k of mine.slice(0, Math.max(0, mine.length - KEEP + 1))) s.removeItem(k);
    s.setItem(PREFIX + episodeId, sessionId);
  } catch {
    // Storage full or refused: the replay then shows the game once it is over, as for anyone.
  }
}

export function liveSessionFor(episodeId: string): string | undefined {
  return slots()?.getItem(PREFIX + episodeId) ?? undefined;
}

/** Once the episode is over its replay is public: the session is no longer needed to read it. */
export function forgetLive(episodeId: string): void {
  slots()?.removeItem(PREFIX + episodeId);
}
