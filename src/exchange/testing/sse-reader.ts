export interface SseEvent {
  id: string | null;
  event: string | null;
  data: string;
}

/**
 * Read a server-sent event stream with a real fetch until `enough(events)` or `timeoutMs`,
 * then hang up. Returns the status and the events parsed so far.
 */
export async function readSse(
  url: string,
  headers: Record<string, string>,
  enough: (events: SseEvent[]) => boolean,
  timeoutMs = 3000,
): Promise<{ status: number; events: SseEvent[]; body: string }> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), timeoutMs);
  const events: SseEvent[] = [];
  let status = 0;
  let body = "";
  try {
    const res = await fetch(url, { headers, signal: ctl.signal });
    status = res.status;
    if (res.status !== 200 || res.body === null) {
      body = await res.text();
      return { status, events, body };
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    while (!enough(events)) {
      const { done, value } = await reader.read();
      if (done) break;
      buf += dec.decode(value, { stream: true });
      let cut = buf.indexOf("\n\n");
      while (cut !== -1) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        cut = buf.indexOf("\n\n");
        const ev: SseEvent = { id: null, event: null, data: "" };
        let isData = false;
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) ev.id = line.slice(4);
          else if (line.startsWith("event: ")) ev.event = line.slice(7);
          else if (line.startsWith("data: ")) {
            ev.data += (isData ? "\n" : "") + line.slice(6);
            isData = true;
          }
        }
        if (isData) events.push(ev);
      }
    }
    ctl.abort();
  } catch (err) {
    if (!(err instanceof Error && err.name === "AbortError")) throw err;
  } finally {
    clearTimeout(timer);
  }
  return { status, events, body };
}
