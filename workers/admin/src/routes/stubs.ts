import type { Stub } from "@mockctl/core";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { takes } from "../http.ts";
import { requireImposter } from "../services/imposters.ts";
import { FULL, print } from "../services/printing.ts";
import { addStub, deleteStub, replaceStub, replaceStubs } from "../services/stubs.ts";

/**
 * Stubs are addressed by array index only (mb has no stub ids), and every change answers with the full
 * imposter. There is no GET for the advertised stub links, as in mb.
 */
export const stubs = new Hono<AppEnv>()
  .put("/imposters/:id/stubs", takes<{ stubs: Stub[] }>(), async (c) => {
    const admin = c.get("admin");
    const record = await requireImposter(admin, c.req.param("id"));
    return c.json(print(admin.site, await replaceStubs(admin, record, c.get("body")), FULL));
  })
  .post("/imposters/:id/stubs", takes<{ index?: number; stub: Stub }>(), async (c) => {
    const admin = c.get("admin");
    const record = await requireImposter(admin, c.req.param("id"));
    return c.json(print(admin.site, await addStub(admin, record, c.get("body")), FULL));
  })
  .put("/imposters/:id/stubs/:stubIndex", takes<Stub>(), async (c) => {
    const admin = c.get("admin");
    const record = await requireImposter(admin, c.req.param("id"));
    const updated = await replaceStub(admin, record, c.req.param("stubIndex"), c.get("body"));
    return c.json(print(admin.site, updated, FULL));
  })
  .delete("/imposters/:id/stubs/:stubIndex", async (c) => {
    const admin = c.get("admin");
    const record = await requireImposter(admin, c.req.param("id"));
    return c.json(print(admin.site, await deleteStub(admin, record, c.req.param("stubIndex")), FULL));
  });
