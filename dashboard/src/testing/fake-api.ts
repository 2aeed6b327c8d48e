import { createApi } from "../api/client.ts";

export interface Call {
  method: string;
  path: string;
  body: unknown;
  ifMatch?: string | undefined;
}

type Handler = (call: Call) => unknown;

/**
 * The real client over a fake fetch: `routes` maps "METHOD /path" to an answer (a function of the call, or
 * a value, or a whole Response); an answer with `errors` is sent as 400, anything unrouted as 404. Every call
 * is recorded, with its If-Match.
 */
export function fakeApi(routes: Record<string, unknown>) {
  const calls: Call[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://platform.test");
    const method = init?.method ?? "GET";
    const call = {
      method,
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      ifMatch: new Headers(init?.headers).get("if-match") ?? undefined,
    };
    calls.push(call);
    const route = routes[`${method} ${call.path}`];
    if (route === undefined) return new Response(JSON.stringify({ errors: [] }), { status: 404 });
    const answer = typeof route === "function" ? (route as Handler)(call) : route;
    if (answer instanceof Response) return answer;
    const status = typeof answer === "object" && answer !== null && "errors" in answer ? 400 : 200;
    return new Response(JSON.stringify(answer), { status, headers: { "content-type": "application/json" } });
  };
  return { api: createApi({ base: "", token: undefined }, fetchImpl as typeof fetch), calls };
}
