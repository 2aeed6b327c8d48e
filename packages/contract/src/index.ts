export * from "./address.ts";
export * from "./data-sources.ts";
export * from "./errors.ts";
export * from "./hosted-url.ts";
export * from "./naming.ts";
export * from "./object-api.ts";
export * from "./ports.ts";
export * from "./snapshots.ts";
