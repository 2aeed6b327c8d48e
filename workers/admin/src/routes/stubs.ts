import type { Stub } from "@mockctl/core";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { takes } from "../http.ts";
import { etagOf, ifVersionOf } from "../if-match.ts";
import { requireImposter } from "../services/imposters.ts";
import { FULL, print } from "../services/printing.ts";
import { addStub, deleteStub, replaceStub, replaceStubs } from "../services/stubs.ts";

/**
 * Stubs are addressed by array index only (mb has no stub ids), and every change answers with the full
 * imposter and its new version as ETag. There is no GET for the advertised stub links, as in mb. Each change
 * takes an `If-Match` (if-match.ts), read before anything else so a malformed one changes nothing.
 */
export const stubs = new Hono<AppEnv>()
  .put("/imposters/:id/stubs", takes<{ stubs: Stub[] }>(), async (c) => {
    const admin = c.get("admin");
    const ifVersion = ifVersionOf(c.req.header("if-match"));
    const record = await requireImposter(admin, c.req.param("id"));
    const updated = await replaceStubs(admin, record, c.get("body"), ifVersion);
    return c.json(print(admin.site, updated, FULL), 200, etagOf(updated));
  })
  .post("/imposters/:id/stubs", takes<{ index?: number; stub: Stub }>(), async (c) => {
    const admin = c.get("admin");
    const ifVersion = ifVersionOf(c.req.header("if-match"));
    const record = await requireImposter(admin, c.req.param("id"));
    const updated = await addStub(admin, record, c.get("body"), ifVersion);
    return c.json(print(admin.site, updated, FULL), 200, etagOf(updated));
  })
  .put("/imposters/:id/stubs/:stubIndex", takes<Stub>(), async (c) => {
    const admin = c.get("admin");
    const ifVersion = ifVersionOf(c.req.header("if-match"));
    const record = await requireImposter(admin, c.req.param("id"));
    const updated = await replaceStub(admin, record, c.req.param("stubIndex"), c.get("body"), ifVersion);
    return c.json(print(admin.site, updated, FULL), 200, etagOf(updated));
  })
  .delete("/imposters/:id/stubs/:stubIndex", async (c) => {
    const admin = c.get("admin");
    const ifVersion = ifVersionOf(c.req.header("if-match"));
    const record = await requireImposter(admin, c.req.param("id"));
    const updated = await deleteStub(admin, record, c.req.param("stubIndex"), ifVersion);
    return c.json(print(admin.site, updated, FULL), 200, etagOf(updated));
  });
