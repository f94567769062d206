/** Bumped whenever a change can alter any episode's observations, rewards or events. */
export const ENGINE_VERSION = "1.1.0";
