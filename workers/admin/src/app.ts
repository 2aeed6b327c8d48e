import { Hono } from "hono";
import type { AppEnv } from "./env.ts";
import { adminContext } from "./middleware/context.ts";
import { crossSite } from "./middleware/cross-site.ts";
import { renderError, renderNotFound } from "./middleware/errors.ts";
import { jsonBody } from "./middleware/json-body.ts";
import { config } from "./routes/config.ts";
import { home } from "./routes/home.ts";
import { imposter } from "./routes/imposter.ts";
import { imposters } from "./routes/imposters.ts";
import { logs } from "./routes/logs.ts";
import { metrics } from "./routes/metrics.ts";
import { stubs } from "./routes/stubs.ts";

/**
 * Mountebank's middleware order: who is calling (x-api-key), then the JSON body, then the route; ahead of
 * them, ours: no cross-site page and no foreign Host name gets further. Express routing ignores a trailing
 * slash, hence `strict: false`.
 */
export function createApp() {
  const app = new Hono<AppEnv>({ strict: false });
  app.use("*", crossSite, adminContext, jsonBody);
  app.route("/", home);
  app.route("/", imposters);
  app.route("/", imposter);
  app.route("/", stubs);
  app.route("/", config);
  app.route("/", logs);
  app.route("/", metrics);
  app.notFound(renderNotFound);
  app.onError(renderError);
  return app;
}
