// Parts of @mockctl/core that its index does not export yet; once `export * from "./printer/index.ts"` and
// `export * from "./validation/index.ts"` are in packages/core/src/index.ts, import them from "@mockctl/core".
export * from "../../../packages/core/src/printer/index.ts";
export * from "../../../packages/core/src/validation/index.ts";
