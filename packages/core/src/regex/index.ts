export { UnsupportedPattern } from "./to-re2.ts";
export { compileUserRegex, type UserRegex, unsupportedReason } from "./user-regex.ts";
