import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

// Component tests in a DOM (happy-dom); the end-to-end run (e2e/) drives Chromium against `npm start`.
export default defineProject({
  plugins: [react()],
  test: {
    name: "dashboard",
    environment: "happy-dom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    setupFiles: ["./src/testing/setup.ts"],
  },
});
