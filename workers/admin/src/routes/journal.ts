import type { ExplainRequest } from "@mockctl/contract";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { takes } from "../http.ts";
import { explain, openJournal } from "../services/journal.ts";

/**
 * Ours, not mb's: the live journal of an imposter that records requests, and the near-miss view of a
 * request. Same auth and error envelope as every route; the shapes are `@mockctl/contract`'s journal-api.ts.
 */
export const journal = new Hono<AppEnv>()
  .get("/imposters/:id/requests/stream", async (c) => {
    const stream = await openJournal(c.get("admin"), c.req.param("id"), c.req.query("since"));
    return c.body(stream, 200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      // Asks a buffering proxy in front (nginx and the like) to pass events on as they come.
      "x-accel-buffering": "no",
    });
  })
  .post("/imposters/:id/explain", takes<ExplainRequest>(), async (c) => {
    return c.json(await explain(c.get("admin"), c.req.param("id"), c.get("body")));
  });
