// The schemas must stay free of transforms and defaults below the imposter: validation checks a value
// against them and keeps the value itself, so that the user's key order survives (Mountebank echoes it).
export * from "./behavior.ts";
export * from "./imposter.ts";
export * from "./predicate.ts";
export * from "./request.ts";
export * from "./require-key.ts";
export * from "./response.ts";
