import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

// The pure parts of the load tests (fixtures, check logic, report maths, chart). The load itself is
// `npm run loadtest -- --smoke`, which CI calls on its own.
export default defineProject({
  root: fileURLToPath(new URL(".", import.meta.url)),
  test: {
    name: "load-tests",
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "results/**"],
  },
});
