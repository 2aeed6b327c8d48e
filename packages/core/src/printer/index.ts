export { printImposter } from "./print-imposter.ts";
export type { ImposterActivity, PrintedImposter, PrintForm, PrintOptions } from "./types.ts";
