import type { ImposterDraft, Stub } from "@mockctl/core";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { takes } from "../http.ts";
import { assertReadableTls } from "../services/imposter-tls.ts";
import { addImposter, deleteAllImposters, listImposters } from "../services/imposters.ts";
import {
  deleteAllFlags,
  FULL,
  LIST,
  listFlags,
  overviewFlag,
  print,
  withOverview,
} from "../services/printing.ts";
import { replaceAllImposters } from "../services/replace-all.ts";
import { validImposter, validImposters } from "../services/validation.ts";

/** What a client sends for one imposter: Mountebank lets `stubs` out (none). */
export type ImposterBody = Omit<ImposterDraft, "stubs"> & { stubs?: Stub[] };

/** The collection: POST creates one imposter, PUT replaces them all, DELETE removes them all. */
export const imposters = new Hono<AppEnv>()
  .get("/imposters", async (c) => {
    const admin = c.get("admin");
    const query = (name: string) => c.req.query(name);
    const flags = listFlags(query);
    const records = await listImposters(admin, { summaries: flags.form === "list" });
    const overview = overviewFlag(query);
    const printed = records.map((record) => {
      const imposter = print(admin.site, record, flags);
      return overview ? withOverview(imposter, record) : imposter;
    });
    return c.json({ imposters: printed });
  })
  .post("/imposters", takes<ImposterBody>(), async (c) => {
    const admin = c.get("admin");
    const draft = await validImposter(admin, c.get("body"));
    await assertReadableTls(admin, [draft]);
    const record = await addImposter(admin, draft);
    const location = `${admin.site.origin}/imposters/${record.imposter.port}`;
    return c.json(print(admin.site, record, FULL), 201, { location });
  })
  .put("/imposters", takes<{ imposters: ImposterBody[] }>(), async (c) => {
    const admin = c.get("admin");
    const drafts = await validImposters(admin, c.get("body"));
    await assertReadableTls(admin, drafts);
    const records = await replaceAllImposters(admin, drafts);
    return c.json({ imposters: records.map((record) => print(admin.site, record, LIST)) });
  })
  .delete("/imposters", async (c) => {
    const admin = c.get("admin");
    const flags = deleteAllFlags((name) => c.req.query(name));
    const records = await deleteAllImposters(admin);
    return c.json({ imposters: records.map((record) => print(admin.site, record, flags)) });
  });
