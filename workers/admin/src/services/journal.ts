import {
  type ExplainAnswer,
  explainRequestSchema,
  journalStreamQuerySchema,
  noSuchImposter,
  portFromId,
} from "@mockctl/contract";
import { badData, MbFailure, type MbRequest, unwrap } from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { imposterObject } from "./imposter-objects.ts";

/** The two routes mb does not have (journal-api.ts in @mockctl/contract), served by the imposter's object. */

function objectAt(admin: AdminContext, id: string) {
  const port = portFromId(id);
  if (port === null) throw noSuchImposter();
  return imposterObject(admin.env, admin.principal.workspaceId, port);
}

interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
}

/** mb's `bad data` envelope, naming the first problem zod found and where. */
function refuse(what: string, error: { issues: ZodIssueLike[] }, source: unknown): never {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join(".")}` : "";
  throw new MbFailure(badData(`${what}${where}: ${issue?.message ?? "invalid"}`, source));
}

/** GET /imposters/:id/requests/stream: the object's server-sent events, `?since=` replaying first. */
export async function openJournal(
  admin: AdminContext,
  id: string,
  since: string | undefined,
): Promise<ReadableStream<Uint8Array>> {
  const query = journalStreamQuerySchema.safeParse(since === undefined ? {} : { since });
  if (!query.success) refuse("since must be a sequence number", query.error, since);
  const stream = await objectAt(admin, id).journal(query.data.since);
  if (stream === null) throw noSuchImposter();
  return stream;
}

/** POST /imposters/:id/explain: which stub answers `request`, and why the closest others do not. */
export async function explain(admin: AdminContext, id: string, body: unknown): Promise<ExplainAnswer> {
  const object = objectAt(admin, id);
  const parsed = explainRequestSchema.safeParse(body);
  if (!parsed.success)
    refuse('explain takes {"request": {method, path, query, headers, body}}', parsed.error, body);
  const { requestFrom = "", ip = "", form, ...fields } = parsed.data.request;
  const request: MbRequest = { requestFrom, ...fields, ip, ...(form ? { form } : {}) };
  return unwrap(await object.explain(request));
}
