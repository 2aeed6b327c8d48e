import { badData, type MbError } from "../errors.ts";
import { RESPONSE_TYPES } from "../schemas/response.ts";
import { display, field, isRecord } from "./values.ts";

export const REPEAT_MESSAGE = '"repeat" field must be an integer greater than 0';

/**
 * mb accepts any number or string whose parseInt is not <= 0, so 1.5, "abc" and "2x" pass there and then
 * serve the response twice, never, or never. Here repeat must really be a positive integer, as a number
 * or a string of digits ("2" works in mb and is common in saved files).
 */
export function repeatError(response: unknown): MbError | undefined {
  const repeat = field(response, "repeat");
  if (repeat === undefined) return undefined;
  const count =
    typeof repeat === "number"
      ? repeat
      : typeof repeat === "string" && /^\d+$/.test(repeat)
        ? Number(repeat)
        : 0;
  const valid = Number.isSafeInteger(count) && count > 0;
  return valid ? undefined : badData(REPEAT_MESSAGE, response);
}

/**
 * Exactly one of is, proxy, inject, fault, by mb's truthiness (`fault: ""` or `is: null` count as absent),
 * which mb only discovers while dry-running the response.
 */
export function responseTypeError(response: unknown): MbError | undefined {
  const present = RESPONSE_TYPES.filter((type) => Boolean(field(response, type))).length;
  if (present > 1) return badData("each response object must have only one response type", response);
  if (present === 0) return badData("unrecognized response type", response);
  return undefined;
}

/**
 * The proxy checks of mb's dry-run proxy (`Missing to`, no path on http(s) URLs), whose errors carry the
 * stub as JSON text. Two additions: a `to` that is not a URL gets a message (mb answers its raw
 * ERR_INVALID_URL), and only http(s) can be proxied from a Worker.
 */
export function proxyError(response: unknown, stub: unknown): MbError | undefined {
  const proxy = field(response, "proxy");
  if (!proxy) return undefined;
  const error = proxyProblem(proxy);
  return error === undefined ? undefined : badData(error, JSON.stringify(stub));
}

function proxyProblem(proxy: unknown): string | undefined {
  const to = field(proxy, "to");
  if (to === undefined) return "Missing to";
  const url = typeof to === "string" ? parseUrl(to) : undefined;
  if (!url) return `invalid value for 'proxy.to': ${JSON.stringify(display(to))} is not a URL`;
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `proxy.to must be an http or https URL, not '${url.protocol}'`;
  }
  if (url.pathname !== "/") return `proxy.to must not contain a path '${url.pathname}'`;
  return generatorsProblem(field(proxy, "predicateGenerators"));
}

/** mb crashes (a 400 with only `source`) when a generator has no `matches` object and no `inject`. */
function generatorsProblem(generators: unknown): string | undefined {
  if (generators === undefined) return undefined;
  if (!Array.isArray(generators)) return "'proxy.predicateGenerators' must be an array";
  const incomplete = generators.some(
    (generator) => !field(generator, "inject") && !isRecord(field(generator, "matches")),
  );
  return incomplete ? "each predicateGenerator must have a 'matches' object or an 'inject'" : undefined;
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
