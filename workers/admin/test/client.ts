import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../src/index.ts";

export const ORIGIN = "http://localhost:2525";

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: assertions walk arbitrary JSON; expect() does the checking.
  json: any;
}

export interface CallOptions {
  /** A string or stream is sent as is (to test malformed JSON and limits); anything else is JSON-encoded. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Overrides of the Worker's vars, e.g. `{ API_KEY: "secret" }`. */
  vars?: Partial<Env>;
  /** Scheme and host the request is addressed to (what the runtime builds from Host); default ORIGIN. */
  base?: string;
}

/** Calls the admin Worker in this isolate, as the front door's service binding would. */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const { body } = options;
  const init: RequestInit = { method, headers: options.headers ?? {} };
  if (typeof body === "string" || body instanceof ReadableStream) init.body = body;
  else if (body !== undefined) init.body = JSON.stringify(body);
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${options.base ?? ORIGIN}${path}`, init),
    { ...env, ...options.vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}
