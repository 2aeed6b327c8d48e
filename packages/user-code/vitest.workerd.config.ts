import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineProject } from "vitest/config";

// In workerd, as the edge Worker runs it: the wiring against a real Worker Loader (test/wrangler.jsonc).
export default defineProject({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL("./test/wrangler.jsonc", import.meta.url)) },
    }),
  ],
  test: {
    name: "user-code-workerd",
    include: ["src/edge/**/*.test.ts"],
  },
});
