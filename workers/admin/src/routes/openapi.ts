import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { openApiText } from "../openapi/document.ts";

/** The admin API's OpenAPI 3.1 document (src/openapi/); mb has none. */
export const openapi = new Hono<AppEnv>().get("/openapi.json", (c) =>
  c.body(openApiText(), 200, { "content-type": "application/json; charset=utf-8" }),
);
