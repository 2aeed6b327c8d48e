import { adminClient } from "@mockctl/admin/client";
import { JOURNAL_PATHS } from "@mockctl/contract/journal-api";
import { CliError } from "./output.ts";
import { createPlatformClient, type PlatformClient } from "./platform-client.ts";

/**
 * The CLI's calls to the admin API, through the platform's typed client (`@mockctl/admin/client`, made
 * from the admin Worker's routes), so a route that changes shape breaks this package's typecheck. The
 * same calls reach a real Mountebank (`import --from`): they are mb's REST API.
 */
export type Json = Record<string, unknown>;

export interface Target {
  url: string;
  token?: string;
  /** Where the target came from, for messages: "--url", "MOCKCTL_URL", "profile x", "default". */
  source: string;
  /** What answers there, for messages: the platform (the default), or a Mountebank read from (`import`). */
  kind?: "platform" | "mountebank";
}

/** An error answer of the admin API: mb's `{"errors":[{code,message}]}`. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    /** mb's envelope's errors; the platform's limits add `data` (which limit, its max, the actual). */
    readonly errors: { code?: string; message?: string; data?: unknown }[],
    what: string,
    hint?: string,
  ) {
    const messages = errors.map((e) => `${e.code ?? "error"}: ${e.message ?? ""}`);
    super(`${what} failed with ${status}`, messages.length > 0 ? messages : [`HTTP ${status}`], hint);
  }
}

/**
 * What to do about a 401, which mb words for its own --apikey only: the CLI sends the key or a token as
 * x-api-key, from --token, MOCKCTL_TOKEN or the profile.
 */
function hintFor(
  status: number,
  target: Target,
  errors: { code?: string; message?: string }[],
  what: string,
): string | undefined {
  if (status === 404) return workspaceHint(target, errors) ?? imposterHint(what, errors);
  if (status !== 401) return undefined;
  if (target.kind === "mountebank") {
    return target.token === undefined
      ? "That Mountebank runs with --apikey: pass its key with --fromApikey <key>."
      : "That Mountebank refused the key given with --fromApikey.";
  }
  if (target.token === undefined) {
    return "The platform wants a token: pass --token <token>, set MOCKCTL_TOKEN, or save one with `mockctl login --token <token>`.";
  }
  return "The platform refused the token sent (wrong, expired or revoked?): check --token, MOCKCTL_TOKEN or the profile's (`mockctl login`).";
}

/**
 * A workspace URL (`…/w/acme`) the platform does not know for this token: it answers as for any unknown
 * route (`Cannot GET /w/acme/imposters`), so as not to tell who asks which workspaces exist.
 */
function workspaceHint(target: Target, errors: { code?: string; message?: string }[]): string | undefined {
  const workspace = /\/w\/([^/]+)\/?$/.exec(new URL(target.url).pathname)?.[1];
  const unknownRoute = errors.some(
    (one) => one.message?.startsWith("Cannot ") && one.message.includes("/w/"),
  );
  if (workspace === undefined || !unknownRoute) return undefined;
  let name = workspace;
  try {
    name = decodeURIComponent(workspace);
  } catch {}
  return `No workspace ${name} answers this token: check the name in the URL, and that the token is one of that workspace's (a token of another workspace gets this same 404).`;
}

/** mb's words for a call on a port with no imposter ("Try POSTing to /imposters first?") name no port. */
function imposterHint(what: string, errors: { message?: string }[]): string | undefined {
  const port = /^\w+ \/imposters\/(\d+)/.exec(what)?.[1];
  if (port === undefined || !errors.some((one) => one.message?.startsWith("Try POSTing"))) return undefined;
  return `No imposter listens on port ${port} there: \`mockctl imposters list\` shows the ones that do.`;
}

export interface Client {
  readonly target: Target;
  listImposters(query?: { replayable?: boolean; removeProxies?: boolean }): Promise<Json[]>;
  getImposter(port: number, query?: { replayable?: boolean }): Promise<Json>;
  createImposter(imposter: unknown): Promise<Json>;
  deleteImposter(port: number): Promise<Json>;
  putImposters(imposters: unknown[]): Promise<Json[]>;
  /** GET /config: mb's version, options (`allowInjection`) and process. */
  getConfig(): Promise<Json>;
  /** GET /logs: mb's `{ level, message, timestamp }` lines, oldest first. */
  getLogs(): Promise<Json[]>;
  /**
   * The imposter's live journal (`text/event-stream`), replaying what is retained after `since` first;
   * null when the platform has no such route (Mountebank, or a mockctl platform before the stream).
   */
  journalStream(port: number, since: number): Promise<AsyncIterable<Uint8Array> | null>;
  /** The platform's own API (workspaces, tokens, audit); Mountebank has none of it. */
  readonly platform: PlatformClient;
}

function errorsOf(body: unknown): { code?: string; message?: string }[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? errors : [];
}

/** What the typed client answers, as far as this file reads it. */
export type Answer = {
  ok: boolean;
  status: number;
  text(): Promise<string>;
  headers?: { get(name: string): string | null };
};

/** mb's boolean query flags (`?replayable=true`); a flag that is false is left out, as mb's own CLI does. */
const flags = (q: Record<string, boolean | undefined>): Record<string, string> =>
  Object.fromEntries(Object.keys(q).flatMap((k) => (q[k] === true ? [[k, "true"]] : [])));

/** The typed client for a target, and how a call through it is sent and read. */
export interface Connection {
  api: ReturnType<typeof adminClient>;
  /** Sends one call; an unreachable platform becomes a CliError saying where the target came from. */
  reach<T extends Answer>(send: () => Promise<T>): Promise<T>;
  /** Sends one call and reads its JSON; an error answer becomes an ApiError naming the call. */
  call(what: string, send: () => Promise<Answer>): Promise<unknown>;
}

export function connect(target: Target, fetcher: typeof fetch = fetch): Connection {
  const base = target.url.replace(/\/+$/, "");
  const headers: Record<string, string> = { accept: "application/json" };
  if (target.token !== undefined) headers["x-api-key"] = target.token;
  // Redirects are not followed: fetch turns a POST or DELETE redirected by 301 or 302 into a GET, so a deploy
  // through a redirect (an http:// URL to a host that sends clients to https) reported imposters created that
  // never were, and `--fresh` deleted them; and it sends x-api-key on to wherever a redirect points.
  const manual: typeof fetch = (input, init) => fetcher(input, { ...init, redirect: "manual" });
  const api = adminClient(base, { headers, fetch: manual });
  async function reach<T extends Answer>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      if (target.kind === "mountebank") {
        throw new CliError(
          `could not reach Mountebank at ${base} (${cause})`,
          [`its URL from ${target.source}`],
          `Start it (\`mb\`), or give its admin URL with ${target.source}.`,
        );
      }
      throw new CliError(
        `could not reach the platform at ${base} (${cause})`,
        [`target from ${target.source}`],
        "Start one with `mockctl dev`, or point elsewhere with --url or `mockctl login`.",
      );
    }
  }
  async function call(what: string, send: () => Promise<Answer>): Promise<unknown> {
    const response = await reach(send);
    if (response.status >= 300 && response.status < 400) throw redirected(what, response, target);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === "" ? {} : JSON.parse(text);
    } catch {}
    if (!response.ok) {
      const errors = errorsOf(parsed);
      throw new ApiError(response.status, errors, what, hintFor(response.status, target, errors, what));
    }
    // A success that is not JSON is not the admin API (a dashboard page, a web server): taking it for an
    // empty answer made deploy report imposters created that were never sent anywhere.
    if (typeof parsed === "string") throw notTheApi(what, response.status, text, target);
    return parsed;
  }
  return { api, reach, call };
}

function redirected(what: string, response: Answer, target: Target): CliError {
  const location = response.headers?.get("location");
  return new CliError(
    `${what} was answered with a redirect (${response.status}${location ? ` to ${location}` : ""}), which mockctl does not follow`,
    [`target from ${target.source}`],
    location
      ? `Point --url (or the profile, \`mockctl login\`) at where it leads, e.g. https:// for an http:// URL.`
      : "Point --url (or the profile, `mockctl login`) at the platform's own origin.",
  );
}

function notTheApi(what: string, status: number, text: string, target: Target): CliError {
  const start = text.trim().slice(0, 60).replace(/\s+/g, " ");
  return new CliError(
    `${what} answered ${status} with something that is not Mountebank's admin API`,
    [`it began: ${JSON.stringify(start)}`, `target from ${target.source}`],
    "Point --url (or the profile, `mockctl login`) at the platform's origin, not its /dashboard/ or an imposter's URL.",
  );
}

/** The list a call's answer holds under `key`; any other shape is not the admin API either. */
function listIn(body: unknown, key: string, what: string, target: Target): Json[] {
  const list = (body as Record<string, unknown> | null)?.[key];
  if (Array.isArray(list)) return list as Json[];
  throw notTheApi(what, 200, JSON.stringify(body), target);
}

/** A response body's chunks as they arrive. */
async function* chunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
}

export function createClient(target: Target, fetcher: typeof fetch = fetch): Client {
  const connection = connect(target, fetcher);
  const { api, reach, call } = connection;
  const id = (port: number) => ({ param: { id: String(port) } });
  return {
    target,
    platform: createPlatformClient(connection),
    async listImposters(q = {}) {
      const body = await call("GET /imposters", () => api.imposters.$get({ query: flags(q) }));
      return listIn(body, "imposters", "GET /imposters", target);
    },
    async getImposter(port, q = {}) {
      // The route declares no query, so the typed client has no `query` for it: an object that is not a
      // literal passes the type check, and hc sends its `query` all the same (reported to the lead).
      const args = { ...id(port), query: flags(q) };
      return (await call(`GET /imposters/${port}`, () => api.imposters[":id"].$get(args))) as Json;
    },
    async createImposter(imposter) {
      const json = imposter as Parameters<typeof api.imposters.$post>[0]["json"];
      const body = await call("POST /imposters", () => api.imposters.$post({ json }));
      // mb and the platform answer the imposter created; anything else created nothing, whatever its status.
      if (typeof (body as Json | null)?.port !== "number") {
        const start = JSON.stringify(body).slice(0, 60);
        throw new CliError(
          "POST /imposters answered without the imposter it should have created, so none was",
          [`it answered: ${start}`, `target from ${target.source}`],
          "Point --url (or the profile, `mockctl login`) at the platform's or Mountebank's admin API.",
        );
      }
      return body as Json;
    },
    async deleteImposter(port) {
      return (await call(`DELETE /imposters/${port}`, () => api.imposters[":id"].$delete(id(port)))) as Json;
    },
    async journalStream(port, since) {
      const what = `GET ${JOURNAL_PATHS.stream(port)}`;
      const args = { ...id(port), query: { since: String(since) } };
      const accept = { headers: { accept: "text/event-stream" } };
      const response = await reach(() => api.imposters[":id"].requests.stream.$get(args, accept));
      // An older platform and mb answer an unknown route 404 (the imposter was found just before), which
      // the route's type cannot know: it answers only 200.
      const status: number = response.status;
      if (status === 404) return null;
      if (!response.ok || response.body === null) await call(what, async () => response);
      return response.body === null ? null : chunks(response.body);
    },
    async getConfig() {
      return (await call("GET /config", () => api.config.$get())) as Json;
    },
    async getLogs() {
      const body = await call("GET /logs", () => api.logs.$get({ query: {} }));
      return listIn(body, "logs", "GET /logs", target);
    },
    async putImposters(imposters) {
      const json = { imposters } as Parameters<typeof api.imposters.$put>[0]["json"];
      const body = await call("PUT /imposters", () => api.imposters.$put({ json }));
      return listIn(body, "imposters", "PUT /imposters", target);
    },
  };
}
