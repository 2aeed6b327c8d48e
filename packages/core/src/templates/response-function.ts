import type { IsResponse } from "../schemas/response.ts";
import { isTemplateText, templateSource } from "./compile.ts";

/** The field of an `is` response that marks it as a template (ours: Mountebank has no templates). */
export const TEMPLATE_FIELD = "_template";
export const TEMPLATE_ENGINES = ["eta"] as const;

/** One string of the response that is a template, by where it sits (`body`, `headers.location`). */
export interface TemplateSite {
  at: string;
  text: string;
}

/**
 * The strings of a templated `is` response that are templates: `statusCode`, each header value, and the
 * body, which is a string or, for a JSON body, every string value in it. A binary body is base64, never a
 * template. Strings without eta's `<%` are sent as they are.
 */
export function templateSites(is: IsResponse): TemplateSite[] {
  const sites: TemplateSite[] = [];
  const visit = (value: unknown, at: string) => {
    if (typeof value === "string") {
      if (isTemplateText(value)) sites.push({ at, text: value });
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${at}[${i}]`);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) visit(item, `${at}.${key}`);
    }
  };
  visit(is.statusCode, "statusCode");
  for (const [name, value] of Object.entries(is.headers ?? {})) visit(value, `headers.${name}`);
  if (is._mode !== "binary") visit(is.body, "body");
  return sites;
}

// What a template's `this` must offer eta's compiled body: its escape and filter functions (eta's own
// defaults, written again here because the body runs in the user-code isolate, which has no eta), and
// RuntimeErr, which eta's debug build calls with the template line of a tag that threw. There are no
// files, so `include` and layouts fail with a message. `process` is mb's user functions' one Node global
// that mb's examples read (`process.env.X || default`): here an empty env, fresh on every call.
const PRELUDE = `const process = { env: {} };
let json;
const it = {
  request: config.request,
  state: config.state,
  get json() {
    if (json === undefined) try { json = { value: JSON.parse(config.request.body) }; } catch { json = {}; }
    return json.value;
  },
};
const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const noFiles = () => { throw new Error("templates cannot include other templates"); };
const eta = (at) => ({
  config: { escapeFunction: (v) => String(v).replace(/[&<>"']/g, (c) => ESCAPES[c]), filterFunction: String },
  RuntimeErr(error, _text, line) {
    throw new Error(\`template \${at}, line \${line}: \${error && error.message !== undefined ? error.message : error}\`);
  },
  render: noFiles,
  renderAsync: noFiles,
});
const render = (at, template) => template.call(eta(at), it, {});`;

/**
 * The source of a Mountebank response `inject` function that renders a templated `is` response: the
 * same response with each template replaced by its rendering, `_template` dropped. It runs where user
 * code runs, with its time limit and its `invalid injection` errors. `it` is the template's data:
 * `it.request` (the request as `inject` sees it), `it.json` (its body parsed as JSON, or undefined) and
 * `it.state` (the imposter's state, shared with `inject` and `decorate`). Validation has refused every
 * template that does not compile; eta's error is thrown for one that got past it.
 */
export function templateFunctionSource(is: IsResponse): string {
  const { [TEMPLATE_FIELD]: _, ...rest } = is as IsResponse & { [TEMPLATE_FIELD]?: unknown };
  const sites = new Set(templateSites(is).map((site) => site.at));
  const templates: string[] = [];
  const expression = (value: unknown, at: string): string => {
    if (typeof value === "string" && sites.has(at)) {
      templates.push(`const t${templates.length} = ${templateSource(value)};`);
      return `render(${JSON.stringify(at)}, t${templates.length - 1})`;
    }
    if (Array.isArray(value))
      return `[${value.map((item, i) => expression(item, `${at}[${i}]`)).join(", ")}]`;
    if (value !== null && typeof value === "object") {
      // Computed keys, so that a key such as "__proto__" stays an own property.
      const entries = Object.entries(value).map(
        ([key, item]) => `[${JSON.stringify(key)}]: ${expression(item, at === "" ? key : `${at}.${key}`)}`,
      );
      return `{ ${entries.join(", ")} }`;
    }
    return value === undefined ? "undefined" : JSON.stringify(value);
  };
  const response = expression(rest, "");
  return `function (config) {\n${PRELUDE}\n${templates.join("\n")}\nreturn ${response};\n}`;
}
