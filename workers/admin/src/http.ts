import { countGarbage, textUnits } from "@mockctl/contract/native-garbage";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * Mountebank's Express app sets `json spaces` to 2, so every admin body is pretty-printed, as
 * `application/json; charset=utf-8`. Handlers answer with `c.json` (so the app's type carries each route's
 * answer for `hc`), and this makes that `c.json` print Mountebank's exact bytes: set once per request,
 * with no second parse of the body.
 */
export const mbJson: MiddlewareHandler = async (c, next) => {
  c.json = ((object: unknown, status?: number, headers?: Record<string, string>) => {
    const text = JSON.stringify(object, null, 2);
    // A large answer leaves its size in native memory (@mockctl/contract/native-garbage).
    countGarbage(textUnits(text.length));
    return c.body(text, status as never, { "content-type": JSON_TYPE, ...headers });
  }) as unknown as typeof c.json;
  await next();
};

/**
 * The JSON body a route takes, for the app's type only: jsonBody has already read it (with Mountebank's
 * rules for malformed JSON) and the services validate it, so this checks nothing at run time. It lets
 * `hc` type each route's `json` argument.
 */
export const takes =
  <T>(): MiddlewareHandler<AppEnv, string, { in: { json: T }; out: { json: T } }> =>
  async (_c, next) => {
    await next();
  };
