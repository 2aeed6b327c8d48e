export * from "./behavior.ts";
export * from "./imposter.ts";
export * from "./predicate.ts";
export * from "./request.ts";
export * from "./response.ts";
