import { request } from "node:http";

export interface UploadResult {
  /** 0 when no response arrived before the connection dropped. */
  status: number;
  body: string;
  /** Bytes the client managed to hand to its socket before the server answered or hung up. */
  sent: number;
}

/**
 * POST `totalBytes` of spaces with chunked transfer encoding (no content-length), writing as
 * fast as the socket drains, and resolve with whatever the server answers. The upload stops
 * as soon as a response or an error arrives.
 */
export function chunkedUpload(
  url: string,
  totalBytes: number,
  chunkBytes = 64 * 1024,
): Promise<UploadResult> {
  return new Promise((resolve) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json" } });
    const chunk = Buffer.alloc(chunkBytes, 0x20);
    let sent = 0;
    let finished = false;
    const finish = (status: number, body: string) => {
      if (finished) return;
      finished = true;
      req.destroy();
      resolve({ status, body, sent });
    };
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        body += d;
      });
      res.on("end", () => finish(res.statusCode ?? 0, body));
      res.on("error", () => finish(res.statusCode ?? 0, body));
    });
    req.on("error", () => finish(0, ""));
    const pump = () => {
      while (!finished && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once("drain", pump);
          return;
        }
      }
      if (!finished) req.end();
    };
    pump();
  });
}
