import { freePort } from "@mockctl/differential";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { ProxyCase } from "./proxy.cases.ts";
import { runCase, type Sides, startSides } from "./proxy-sides.ts";

/** The proxy features that run user code, against mb 2.9.1 started with --allowInjection as we are. */
let sides: Sides;

beforeAll(async () => {
  sides = await startSides(true);
});

afterAll(() => sides?.stop());

const get = (path: string) => ({ method: "GET", path });
const proxy = (fields: Record<string, unknown>, behaviors?: unknown[]) => (origin: string) => [
  { responses: [{ proxy: { to: origin, ...fields }, ...(behaviors ? { behaviors } : {}) }] },
];

const cases: ProxyCase[] = [
  {
    name: "an inject predicate generator",
    stubs: proxy({
      predicateGenerators: [{ inject: "config => [{ equals: { path: config.request.path } }]" }],
    }),
    requests: [get("/a"), get("/b"), get("/a")],
  },
  {
    name: "addDecorateBehavior: saved with the answer, run on every replay",
    stubs: proxy({
      predicateGenerators: [{ matches: { path: true } }],
      addDecorateBehavior: "(config, response) => { response.body = 'replayed ' + config.request.path; }",
    }),
    requests: [get("/a"), get("/a"), get("/a")],
  },
  {
    name: "the proxy stub's own decorate runs once and is saved decorated",
    stubs: proxy({ predicateGenerators: [{ matches: { path: true } }] }, [
      { decorate: "(config, response) => { response.body = 'decorated at ' + config.request.path; }" },
    ]),
    requests: [get("/a"), get("/a")],
  },
];

describe.concurrent("e2e differential: proxies with user code", () => {
  for (const c of cases) it(c.name, async () => runCase(sides, c, await freePort()));
});
