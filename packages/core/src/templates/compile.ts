import { Eta } from "eta/core";

/**
 * eta 4 with its defaults (`<%= %>` escapes HTML, `<%~ %>` does not, `<% %>` runs code, `it` is the
 * data), and `debug` so that the compiled body records the template line of each tag: a failure then
 * names its line. `useWith` stays off: `with` is refused in the module the body is pasted into.
 */
const eta = new Eta({ debug: true, useWith: false });

/** Where eta's opening tag appears, a string is a template; any other string is left as it is. */
export const isTemplateText = (text: string): boolean => text.includes("<%");

/**
 * Compiles one eta template to the source of `function (it, options) { … }` with eta's own compiler, so
 * that nothing is compiled per request: Workers refuse `new Function` outside start-up, and the function
 * is pasted into the user-code module instead (edge-runtime.md). Throws eta's error for a broken tag.
 */
export const templateSource = (text: string): string =>
  `function (it, options) {\n${eta.compileToString(text)}\n}`;
