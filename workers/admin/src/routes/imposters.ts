import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { jsonResponse } from "../http.ts";
import {
  assertNotReserved,
  createImposter,
  deleteAllImposters,
  listImposters,
} from "../services/imposters.ts";
import { deleteAllFlags, FULL, LIST, listFlags, print } from "../services/printing.ts";
import { validImposter, validImposters } from "../services/validation.ts";

/** The collection: POST creates one imposter, PUT replaces them all, DELETE removes them all. */
export const imposters = new Hono<AppEnv>()
  .get("/imposters", async (c) => {
    const admin = c.get("admin");
    const flags = listFlags((name) => c.req.query(name));
    const records = await listImposters(admin, { summaries: flags.form === "list" });
    return jsonResponse({ imposters: records.map((record) => print(admin.site, record, flags)) });
  })
  .post("/imposters", async (c) => {
    const admin = c.get("admin");
    const record = await createImposter(admin, await validImposter(admin, c.get("body")));
    const location = `${admin.site.origin}/imposters/${record.imposter.port}`;
    return jsonResponse(print(admin.site, record, FULL), 201, { location });
  })
  .put("/imposters", async (c) => {
    const admin = c.get("admin");
    const drafts = await validImposters(admin, c.get("body"));
    assertNotReserved(drafts);
    await deleteAllImposters(admin);
    const records = [];
    for (const draft of drafts) records.push(await createImposter(admin, draft));
    return jsonResponse({ imposters: records.map((record) => print(admin.site, record, LIST)) });
  })
  .delete("/imposters", async (c) => {
    const admin = c.get("admin");
    const flags = deleteAllFlags((name) => c.req.query(name));
    const records = await deleteAllImposters(admin);
    return jsonResponse({ imposters: records.map((record) => print(admin.site, record, flags)) });
  });
