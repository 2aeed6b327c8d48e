import { PLATFORM_PATHS, workspaceWithCallerSchema } from "@mockctl/contract/platform-api";
import type { Stub } from "@mockctl/core";
import type { Access } from "../access.ts";
import { type ExplainAnswer, ExplainAnswerSchema, JOURNAL_PATHS } from "./journal.ts";
import { ApiError, type ImposterDetail, type ImposterSummary, type MbError } from "./types.ts";

type Fetch = typeof fetch;

/** Where the admin API is and who calls it: the token travels as mb's x-api-key. */
export interface Session {
  base: string;
  token: string | undefined;
  /** Told when the admin API answers 401: the token was revoked or has expired since sign-in. */
  onUnauthorized?: () => void;
}

export function authHeaders(session: Session): Record<string, string> {
  return session.token ? { "x-api-key": session.token } : {};
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => ({}))) as { errors?: MbError[] };
  return new ApiError(response.status, Array.isArray(body.errors) ? body.errors : []);
}

/**
 * A small fetch client for the admin API, typed by the core's imposter types and the contract's schemas.
 * (The Hono client, `@mockctl/admin/client`, would pull the admin Worker's own types, Env and D1, into the
 * browser's type check.)
 */
export function createApi(session: Session, plainFetch: Fetch = (...args) => fetch(...args)) {
  // Every call, the journal stream's included, goes through here, so one 401 anywhere ends the session.
  const fetchImpl: Fetch = async (...args) => {
    const response = await plainFetch(...args);
    if (response.status === 401) session.onUnauthorized?.();
    return response;
  };
  async function send(method: string, path: string, body?: unknown, extra?: Record<string, string>) {
    const response = await fetchImpl(`${session.base}${path}`, {
      method,
      headers: {
        ...authHeaders(session),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw await errorOf(response);
    return response;
  }
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await (await send(method, path, body)).json()) as T;
  }
  /** One imposter with the version its ETag names (the admin API's, for a conditional stub change). */
  async function versioned(method: string, path: string, body?: unknown, extra?: Record<string, string>) {
    const response = await send(method, path, body, extra);
    const imposter = (await response.json()) as ImposterDetail;
    const tag = /^"(\d+)"$/.exec(response.headers.get("etag") ?? "");
    return tag?.[1] === undefined ? imposter : { ...imposter, version: Number(tag[1]) };
  }
  return {
    session,
    /** One call: the list form with our `overview` fields, so no stubs or journals are read for it. */
    async listImposters(): Promise<ImposterSummary[]> {
      type Listed = Omit<ImposterSummary, "stubCount" | "lastActivity"> & Partial<ImposterSummary>;
      const listed = await call<{ imposters: Listed[] }>("GET", "/imposters?overview=true");
      return listed.imposters.map((i) => ({
        ...i,
        stubCount: i.stubCount ?? 0,
        lastActivity: i.lastActivity ?? null,
      }));
    },
    getImposter: (port: number) => versioned("GET", `/imposters/${port}`),
    /**
     * Mountebank's replayable form as text: `removeProxies` drops the proxy responses and keeps what they
     * recorded (`mb save --removeProxies`); no requests, no `_links`. POST it to /imposters to load it.
     */
    async exportReplayable(port: number, removeProxies: boolean): Promise<string> {
      const query = `?replayable=true${removeProxies ? "&removeProxies=true" : ""}`;
      return `${JSON.stringify(await call<unknown>("GET", `/imposters/${port}${query}`), null, 2)}\n`;
    },
    createImposter: (body: unknown) => call<ImposterDetail>("POST", "/imposters", body),
    deleteImposter: (port: number) => call<unknown>("DELETE", `/imposters/${port}`),
    /**
     * Every stub replaced in one request: the admin API applies it as one new imposter version. With
     * `ifVersion`, only if the imposter is still at that version (412 `precondition failed` otherwise).
     */
    putStubs: (port: number, stubs: Stub[], ifVersion?: number) =>
      versioned(
        "PUT",
        `/imposters/${port}/stubs`,
        { stubs },
        ifVersion === undefined ? {} : { "if-match": `"${ifVersion}"` },
      ),
    async explain(port: number, request: unknown): Promise<ExplainAnswer> {
      return ExplainAnswerSchema.parse(await call<unknown>("POST", JOURNAL_PATHS.explain(port), { request }));
    },
    /** Who the token is, in which workspace; undefined from a platform without the route (or an error). */
    async access(): Promise<Access | undefined> {
      const answer = await call<unknown>("GET", PLATFORM_PATHS.workspace).catch(() => undefined);
      const parsed = workspaceWithCallerSchema.safeParse(answer);
      return parsed.success ? { workspace: parsed.data.id, scope: parsed.data.caller.scope } : undefined;
    },
    /** Signed in when the admin API answers; 401 means the token is missing or wrong. */
    probe: () => call<unknown>("GET", "/imposters"),
    /** Without `since`, the stream replays nothing: its `hello` says where the journal is. */
    streamUrl: (port: number, since?: number) =>
      `${session.base}${JOURNAL_PATHS.stream(port)}${since === undefined ? "" : `?since=${since}`}`,
    fetch: fetchImpl,
  };
}

export type Api = ReturnType<typeof createApi>;

/** A stub as the admin API prints it carries `_links`; what goes back in a PUT is the stub alone. */
export function withoutLinks(stub: Stub): Stub {
  const { _links: _ignored, ...rest } = stub as Stub & { _links?: unknown };
  return rest as Stub;
}
