import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{env,markets,sellers,buyers,tasks,eval,src,sdk,web,examples,scripts,bench}/**/*.test.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
