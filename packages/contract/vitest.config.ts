import { defineProject } from "vitest/config";

// Pure functions and types: the contract's tests run in Node, like the core's.
export default defineProject({ test: { name: "contract", include: ["src/**/*.test.ts"] } });
