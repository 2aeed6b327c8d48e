import { MbFailure } from "../errors.ts";
import { compileUserRegex, type UserRegex } from "../regex/index.ts";
import type { Copy } from "../schemas/behavior.ts";
import { selectJsonPath } from "../select/jsonpath.ts";
import { selectXPath } from "../select/xpath.ts";

type Using = Copy["using"];

function compileRegex(using: Using): UserRegex {
  const flags = `${using.options?.ignoreCase ? "i" : ""}${using.options?.multiline ? "m" : ""}`;
  try {
    return compileUserRegex(using.selector, flags);
  } catch (error) {
    // Mountebank lets the SyntaxError through, which answers 500 with its message.
    throw new MbFailure({ code: "bad data", message: (error as Error).message, source: using.selector });
  }
}

/**
 * The values a copy or lookup selects from a request value; empty when nothing matches.
 * - regex: the `exec` result, whole match first, then each group (undefined for one that did not take
 *   part). Like Mountebank, the value is stringified first, so a missing field is matched as "undefined".
 * - xpath: the selected node values; only text is parsed as XML, and a number or boolean result (from
 *   `count()` and the like) selects nothing.
 * - jsonpath: every matched value, of any JSON type; an object value (a query map) is used as is.
 */
export function selectValues(value: unknown, using: Using): unknown[] {
  switch (using.method) {
    case "regex": {
      const match = compileRegex(using).exec(String(value));
      return match ? [...match] : [];
    }
    case "xpath": {
      if (typeof value !== "string") return [];
      const selected = selectXPath(using.selector, using.ns, value);
      return Array.isArray(selected) ? selected : [];
    }
    case "jsonpath":
      return selectJsonPath(using.selector, value) ?? [];
  }
}
