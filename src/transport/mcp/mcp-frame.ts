import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { SessionService } from "../../sessions/session-service";
import { classifyMcpMessage, isErrorReply, type McpErrorReply } from "./mcp-message";
import { createMcpServer } from "./mcp-server";
import { RPC, rpcErrorReply } from "./rpc-errors";

const NOTIFICATION_ACK = { jsonrpc: "2.0", id: null, result: {} } as const;

export type McpFrameReply = JSONRPCMessage | McpErrorReply | typeof NOTIFICATION_ACK;

/**
 * Answer the JSON-RPC message inside a WS `mcp` frame with the SDK server bound to that
 * connection's session (OPENENV §1.2). Every frame gets exactly one reply (§1.1), so a
 * notification, which JSON-RPC leaves unanswered, is acknowledged with an empty result.
 */
export async function answerMcpFrame(
  data: unknown,
  service: SessionService,
  boundSessionId: string,
  channel?: object,
): Promise<McpFrameReply> {
  const parsed = classifyMcpMessage(data);
  if (isErrorReply(parsed)) return parsed;
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer({ service, boundSessionId, ...(channel === undefined ? {} : { channel }) });
  try {
    await server.connect(serverSide);
    if (parsed.kind === "notification") {
      await client.send(parsed.message);
      return NOTIFICATION_ACK;
    }
    const { id } = parsed.message;
    const reply = new Promise<JSONRPCMessage>((resolve) => {
      client.onmessage = (message) => {
        if ("id" in message && message.id === id) resolve(message);
      };
    });
    await client.send(parsed.message);
    return await reply;
  } catch {
    return rpcErrorReply(RPC.INTERNAL_ERROR, "Internal error");
  } finally {
    await server.close();
  }
}
