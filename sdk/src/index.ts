export { BazaarEnv } from "./bazaar-env";
export { MarketAgent, type MarketAgentOptions, readTape } from "./market-agent";
export { MarketSocket, type WebSocketClass } from "./market-socket";
export * from "./types";
