export { buildUserCodeModules, type UserCodeEntrypoint, type UserCodeModules } from "./build-modules.ts";
export { RUNTIME_MODULE } from "./runtime-module.ts";
