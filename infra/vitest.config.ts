import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

// Node-side tests of the local platform: they start real Miniflare instances, hence the long timeouts.
export default defineProject({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "infra",
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/fixtures/**"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
