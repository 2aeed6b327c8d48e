/**
 * Two admin routes Mountebank does not have, for the dashboard and the CLI: the live request journal of an
 * imposter (server-sent events from its Durable Object) and the near-miss explanation of a request (which
 * stub answers it and, for the closest stubs that do not, the first predicate that fails). Both use the same
 * auth and error envelope as every admin route.
 */
export const JOURNAL_PATHS = {
  /**
   * GET `text/event-stream`: `hello`, then one `request` event per recorded request (`?since=<seq>` replays
   * those), one `stubs` event each time a proxy records an answer into the stubs, and one `version` event
   * each time the imposter moves to a new version (its stubs changed by anyone, its requests cleared), so a
   * page showing it can read it again without waiting for traffic (live only).
   */
  stream: (id: string | number) => `/imposters/${encodeURIComponent(String(id))}/requests/stream`,
  /** POST `{ request }` → `{ stubIndex, nearMisses }`. */
  explain: (id: string | number) => `/imposters/${encodeURIComponent(String(id))}/explain`,
} as const;

/** The server-sent event names, in the `event:` line of each message. */
export const JOURNAL_EVENTS = {
  hello: "hello",
  request: "request",
  stubs: "stubs",
  version: "version",
} as const;

/** A `: keep-alive` comment is written this often, so proxies and browsers keep an idle stream open. */
export const KEEP_ALIVE_MS = 15_000;
