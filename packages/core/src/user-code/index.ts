export { isWaitFunction, UserFunctionSet, userFunctionKey, userFunctionsOf } from "./collect.ts";
export { invocationOf, userCodeError } from "./errors.ts";
export * from "./types.ts";
