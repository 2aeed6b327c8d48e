export * from "./errors.ts";
export * from "./schemas/index.ts";
