import { defineProject } from "vitest/config";

// The core against mb 2.9.1 in Node; the platform's run of the same cases is infra/e2e.
export default defineProject({
  test: { name: "differential", include: ["src/**/*.test.ts"], testTimeout: 30_000 },
});
