import { portFromId } from "@mockctl/contract";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { etagOf } from "../if-match.ts";
import {
  deleteImposter,
  deleteSavedProxyResponses,
  deleteSavedRequests,
  requireImposter,
} from "../services/imposters.ts";
import { FULL, print, singleFlags } from "../services/printing.ts";

/** One imposter: read, delete, and clearing what it recorded. */
export const imposter = new Hono<AppEnv>()
  .get("/imposters/:id", async (c) => {
    const admin = c.get("admin");
    const record = await requireImposter(admin, c.req.param("id"));
    const flags = singleFlags((name) => c.req.query(name));
    return c.json(print(admin.site, record, flags), 200, etagOf(record));
  })
  // Deleting an imposter that does not exist is a 200 with `{}` in mb, never a 404.
  .delete("/imposters/:id", async (c) => {
    const admin = c.get("admin");
    const port = portFromId(c.req.param("id"));
    const record = port === null ? null : await deleteImposter(admin, port);
    if (record === null) return c.json({});
    return c.json(
      print(
        admin.site,
        record,
        singleFlags((name) => c.req.query(name)),
      ),
    );
  })
  .delete("/imposters/:id/savedProxyResponses", async (c) => {
    const admin = c.get("admin");
    const record = await deleteSavedProxyResponses(admin, await requireImposter(admin, c.req.param("id")));
    return c.json(print(admin.site, record, FULL));
  })
  // Deprecated alias kept by mb: it removes saved proxy responses, not requests.
  .delete("/imposters/:id/requests", async (c) => {
    const admin = c.get("admin");
    const record = await deleteSavedProxyResponses(admin, await requireImposter(admin, c.req.param("id")));
    return c.json(print(admin.site, record, FULL));
  })
  .delete("/imposters/:id/savedRequests", async (c) => {
    const admin = c.get("admin");
    const record = await deleteSavedRequests(admin, await requireImposter(admin, c.req.param("id")));
    return c.json(print(admin.site, record, FULL));
  });
