import { defineProject } from "vitest/config";

// The CLI's tests run the real bin as a child process, many against a real local platform.
export default defineProject({
  test: {
    name: "mockctl",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
