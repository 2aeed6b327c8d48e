export { UnsupportedPattern } from "./to-re2.ts";
export { checkUserRegex, compileUserRegex, type UserRegex } from "./user-regex.ts";
