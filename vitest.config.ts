import { defineConfig } from "vitest/config";

// One command runs every project: the pure core in Node, the Workers in workerd (added per package).
export default defineConfig({
  test: {
    projects: [
      "packages/*/vitest.config.ts",
      "packages/user-code/vitest.workerd.config.ts",
      "workers/*/vitest.config.ts",
      "dashboard/vitest.config.ts",
      "infra/vitest.config.ts",
      "load-tests/vitest.config.ts",
    ],
  },
});
