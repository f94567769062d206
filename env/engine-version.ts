/**
 * Bumped whenever a change can alter any episode's observations, rewards or events.
 * 1.2.0: an episode spec may say `money: "exact"` (tasks from version 3), and then the
 * environment's notices and the guard's restated lines write prices to the paisa. Specs without
 * it (every v1/v2 episode) play byte-identically to 1.1.0; the bump keeps one version label from
 * meaning two behaviours for a v3 spec.
 * Still 1.2.0 with market specs (marketplace_arena@4: a `market` section, seller replies that
 * carry the tape, a "sold_out" ending): no spec that existed before could carry `market`, so no
 * episode changed and the label still means one behaviour per spec.
 */
export const ENGINE_VERSION = "1.2.0";
