import { Hono } from "hono";
import type { AppEnv } from "./env.ts";
import { mbJson } from "./http.ts";
import { adminContext } from "./middleware/context.ts";
import { crossSite } from "./middleware/cross-site.ts";
import { renderError, renderNotFound } from "./middleware/errors.ts";
import { imposterPorts } from "./middleware/imposter-ports.ts";
import { jsonBody } from "./middleware/json-body.ts";
import { config } from "./routes/config.ts";
import { dataSources } from "./routes/data-sources.ts";
import { home } from "./routes/home.ts";
import { imposter } from "./routes/imposter.ts";
import { imposters } from "./routes/imposters.ts";
import { journal } from "./routes/journal.ts";
import { logs } from "./routes/logs.ts";
import { metrics } from "./routes/metrics.ts";
import { openapi } from "./routes/openapi.ts";
import { platform } from "./routes/platform.ts";
import { platformTokens } from "./routes/platform-tokens.ts";
import { stubs } from "./routes/stubs.ts";

/**
 * Mountebank's middleware order: who is calling (x-api-key), then the JSON body, then the route; ahead of
 * them, ours: no cross-site page and no foreign Host name gets further. Express routing ignores a trailing
 * slash, hence `strict: false`. The routes are chained, so the app's type carries every route and its
 * answer: `AdminApp` is what the typed client (client.ts) is made from.
 */
export function createApp() {
  const app = new Hono<AppEnv>({ strict: false })
    .use("*", mbJson, crossSite, adminContext, imposterPorts, jsonBody)
    .route("/", home)
    .route("/", imposters)
    .route("/", imposter)
    .route("/", stubs)
    .route("/", journal)
    .route("/", config)
    .route("/", logs)
    .route("/", metrics)
    .route("/", platform)
    .route("/", platformTokens)
    .route("/", dataSources)
    .route("/", openapi);
  app.notFound(renderNotFound);
  app.onError(renderError);
  return app;
}

export type AdminApp = ReturnType<typeof createApp>;
