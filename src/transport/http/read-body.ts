import type { Context } from "hono";
import { HttpError } from "./http-errors";

export function tooLarge(limitBytes: number): HttpError {
  const msg = `Request body exceeds the ${Math.round(limitBytes / 1024)} KiB limit.`;
  return new HttpError("PAYLOAD_TOO_LARGE", msg, msg, { limit_bytes: limitBytes });
}

/**
 * Bodies being read, by request: a middleware that must look at a body first (the per-key
 * session cap) and the route that handles it share one read of the stream, and its outcome.
 */
const reads = new WeakMap<Request, Promise<string>>();

/**
 * The request body as text, read chunk by chunk and abandoned as soon as it passes
 * `limitBytes`, whatever the transfer encoding: a chunked upload without a content-length
 * costs at most the limit in memory, never the whole body.
 *
 * The rest of an oversized body is left unread, neither cancelled nor drained: TCP then holds
 * the sender back, the 413 still reaches it (closing a socket with unread bytes would make the
 * kernel send a reset, and the client could lose the answer), and a client that hangs up
 * frees the connection. One that neither reads nor hangs up is dropped by node's request
 * timeout.
 */
export function readBodyText(c: Context, limitBytes: number): Promise<string> {
  let read = reads.get(c.req.raw);
  if (read === undefined) {
    read = readLimited(c, limitBytes);
    reads.set(c.req.raw, read);
  }
  return read;
}

async function readLimited(c: Context, limitBytes: number): Promise<string> {
  const announced = c.req.header("content-length");
  if (announced !== undefined) {
    // Node's parser reads exactly content-length bytes, so an announced size within the limit
    // bounds the read by itself; hono's direct read is then much cheaper than a web stream.
    if (!/^\d+$/.test(announced.trim()) || Number(announced) > limitBytes) throw tooLarge(limitBytes);
    return c.req.text();
  }
  const body = c.req.raw.body;
  if (body === null) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) throw tooLarge(limitBytes);
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}
