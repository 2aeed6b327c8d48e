import {
  auditQuerySchema,
  type CreateToken,
  createTokenSchema,
  NO_SUCH_IMPOSTER,
  PLATFORM_PATHS,
} from "@mockctl/contract";
import { MbFailure } from "@mockctl/core";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { takes } from "../http.ts";
import { auditPage } from "../services/audit.ts";
import { createToken, listTokens, revokeToken } from "../services/tokens.ts";
import { parsed } from "./platform-input.ts";

const noSuchToken = (id: string) =>
  new MbFailure({ code: NO_SUCH_IMPOSTER.code, message: `No token ${id} in this workspace` });

/** A workspace's tokens and audit log; every route here takes the `admin` scope (middleware/scope.ts). */
export const platformTokens = new Hono<AppEnv>()
  .get(PLATFORM_PATHS.tokens, async (c) => c.json({ tokens: await listTokens(c.get("admin")) }))
  .post(PLATFORM_PATHS.tokens, takes<CreateToken>(), async (c) => {
    const request = parsed(createTokenSchema, c.get("body"));
    if (request.expiresAt !== undefined && Date.parse(request.expiresAt) <= Date.now()) {
      throw new MbFailure({ code: "bad data", message: "expiresAt: must be in the future" });
    }
    return c.json(await createToken(c.get("admin"), request), 201);
  })
  // Another workspace's token id is a 404 like an unknown one: the lookup is within the caller's workspace.
  // PLATFORM_PATHS.token would encode the `:` of Hono's parameter.
  .delete(`${PLATFORM_PATHS.tokens}/:id`, async (c) => {
    const id = c.req.param("id");
    const token = await revokeToken(c.get("admin"), id);
    if (token === null) throw noSuchToken(id);
    return c.json(token);
  })
  .get(PLATFORM_PATHS.audit, async (c) => {
    const admin = c.get("admin");
    const query = parsed(auditQuerySchema, c.req.query());
    return c.json(await auditPage(admin.db, admin.principal.workspaceId, query));
  });
