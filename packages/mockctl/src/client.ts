import { CliError } from "./output.ts";

/**
 * The CLI's only HTTP code: Mountebank's REST API as the platform serves it (README "Using it like
 * Mountebank"). Kept in one file so it can be swapped for the typed admin client (branch `contract`).
 */
export type Json = Record<string, unknown>;

export interface Target {
  url: string;
  token?: string;
  /** Where the target came from, for messages: "--url", "MOCKCTL_URL", "profile x", "default". */
  source: string;
}

/** An error answer of the admin API: mb's `{"errors":[{code,message}]}`. */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    readonly errors: { code?: string; message?: string }[],
    what: string,
  ) {
    const messages = errors.map((e) => `${e.code ?? "error"}: ${e.message ?? ""}`);
    super(`${what} failed with ${status}`, messages.length > 0 ? messages : [`HTTP ${status}`]);
  }
}

export interface Client {
  readonly target: Target;
  listImposters(query?: { replayable?: boolean; removeProxies?: boolean }): Promise<Json[]>;
  getImposter(port: number, query?: { replayable?: boolean }): Promise<Json>;
  createImposter(imposter: unknown): Promise<Json>;
  deleteImposter(port: number): Promise<Json>;
  putImposters(imposters: unknown[]): Promise<Json[]>;
}

function errorsOf(body: unknown): { code?: string; message?: string }[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? errors : [];
}

export function createClient(target: Target, fetcher: typeof fetch = fetch): Client {
  const base = target.url.replace(/\/+$/, "");
  async function call(method: string, path: string, what: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (target.token !== undefined) headers["x-api-key"] = target.token;
    let response: Response;
    try {
      const init: RequestInit = { method, headers };
      if (body !== undefined) init.body = JSON.stringify(body);
      response = await fetcher(`${base}${path}`, init);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      throw new CliError(
        `could not reach the platform at ${base} (${cause})`,
        [`target from ${target.source}`],
        "Start one with `mockctl dev`, or point elsewhere with --url or `mockctl login`.",
      );
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === "" ? {} : JSON.parse(text);
    } catch {}
    if (!response.ok) throw new ApiError(response.status, errorsOf(parsed), what);
    return parsed;
  }
  const query = (q: Record<string, boolean | undefined>) => {
    const keys = Object.keys(q).filter((k) => q[k] === true);
    return keys.length === 0 ? "" : `?${keys.map((k) => `${k}=true`).join("&")}`;
  };
  return {
    target,
    async listImposters(q = {}) {
      const body = (await call("GET", `/imposters${query(q)}`, "GET /imposters")) as { imposters?: Json[] };
      return body.imposters ?? [];
    },
    async getImposter(port, q = {}) {
      return (await call("GET", `/imposters/${port}${query(q)}`, `GET /imposters/${port}`)) as Json;
    },
    async createImposter(imposter) {
      return (await call("POST", "/imposters", "POST /imposters", imposter)) as Json;
    },
    async deleteImposter(port) {
      return (await call("DELETE", `/imposters/${port}`, `DELETE /imposters/${port}`)) as Json;
    },
    async putImposters(imposters) {
      const body = (await call("PUT", "/imposters", "PUT /imposters", { imposters })) as {
        imposters?: Json[];
      };
      return body.imposters ?? [];
    },
  };
}
