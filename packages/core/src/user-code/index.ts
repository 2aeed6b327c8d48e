export { brokenModule, buildUserCodeModules, functionModule, type UserCodeModules } from "./build-modules.ts";
export { isWaitFunction, UserFunctionSet, userFunctionKey, userFunctionsOf } from "./collect.ts";
export { invocationOf, userCodeError } from "./errors.ts";
export { RUNTIME_MODULE } from "./runtime-module.ts";
export * from "./types.ts";
