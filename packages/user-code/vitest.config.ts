import { defineProject } from "vitest/config";

// In Node: the guest module beside Mountebank 2.9.1's own code, and the local host's real workerd process.
export default defineProject({
  test: {
    name: "user-code",
    include: ["src/guest/**/*.test.ts", "src/host/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
