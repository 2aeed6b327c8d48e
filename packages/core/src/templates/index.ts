export { compileTemplate, type TemplateProblem, templateProblem } from "./check.ts";
export { isTemplateText, templateSource } from "./compile.ts";
export { expandTemplates, isTemplated } from "./expand.ts";
export { TEMPLATE_FIELD, templateFunctionSource, templateSites } from "./response-function.ts";
