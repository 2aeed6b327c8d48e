import {
  FRESH_BODY_SCENARIO,
  FRESH_COPY_SCENARIO,
  FRESH_ID_SCENARIO,
  FRESH_JSONPATH_SCENARIO,
  ISSUE12_SCENARIOS,
} from "./issue12-scenarios.ts";
import { LOADTEST_SCENARIOS } from "./loadtest-scenarios.ts";
import { REGEX_SCENARIOS } from "./regex-scenarios.ts";
import type { WrkOptions, WrkRequest } from "./wrk.ts";

/** One request of a rotation and what it must be answered (the body exactly, when given). */
export interface BenchRequest extends WrkRequest {
  expect: { status: number; body?: string };
}

/** What is loaded: the floor itself, or an imposter of the platform by path addressing. */
export interface Scenario {
  id: string;
  title: string;
  /** Path on the server, with the `/i/<port>` prefix for imposters. */
  path: string;
  /** Bodies of successive answers, in cycle order; the check accepts the cycle starting anywhere. */
  bodies: string[];
  /** Counted against the 85% target; informational otherwise. */
  target: boolean;
  /** Headers every request sends (wrk -H). */
  headers?: Record<string, string>;
  /** A body makes every request a POST carrying it (wrk through summary.lua's WRK_BODY). */
  body?: string;
  /** Created through the admin API before loading; none for the floor. */
  imposter?: Record<string, unknown>;
  /** Requests sent in turn on every connection (`path`, `headers`, `body` and `bodies` are then unused). */
  requests?: BenchRequest[];
  /** The id of the floor (FLOORS) this scenario is read against; "floor" when absent. */
  floor?: string;
  /** Why the row is informational although it is an imposter. */
  note?: string;
  /** Needs the platform started with allowInjection. */
  injection?: boolean;
}

/** What wrk sends for a scenario: its headers and body, or its rotation of requests. */
export function wrkLoadOf(scenario: Scenario): Pick<WrkOptions, "headers" | "body" | "requests"> {
  return {
    headers: scenario.headers ?? {},
    ...(scenario.body === undefined ? {} : { body: scenario.body }),
    ...(scenario.requests === undefined ? {} : { requests: scenario.requests }),
  };
}

/** The path wrk loads: the scenario's own, or `/` when its rotation of requests names the paths. */
export const wrkPathOf = (scenario: Scenario): string =>
  scenario.requests === undefined ? scenario.path : "/";

export const STUB_COUNT = 1_000;

const exactPath = (path: string, body: string) => ({
  predicates: [{ equals: { path } }],
  responses: [{ is: { statusCode: 200, body } }],
});

export const SCENARIOS: Scenario[] = [
  {
    id: "one-stub",
    title: "imposter, one stub",
    path: "/i/4545/hello",
    bodies: ["hello"],
    target: true,
    imposter: { protocol: "http", port: 4545, stubs: [exactPath("/hello", "hello")] },
  },
  {
    id: "last-of-1000",
    title: `imposter, last of ${STUB_COUNT.toLocaleString("en")} exact-path stubs`,
    path: `/i/4546/route/${STUB_COUNT - 1}`,
    bodies: ["hello"],
    target: true,
    imposter: {
      protocol: "http",
      port: 4546,
      stubs: Array.from({ length: STUB_COUNT }, (_, i) =>
        exactPath(`/route/${i}`, i === STUB_COUNT - 1 ? "hello" : `route ${i}`),
      ),
    },
  },
  {
    id: "header",
    title: "imposter, one stub matched on a header (memoized by its value since 2026-11-27)",
    path: "/i/4548/hello",
    bodies: ["hello"],
    target: false,
    headers: { "x-bench": "1" },
    imposter: {
      protocol: "http",
      port: 4548,
      stubs: [
        { predicates: [{ equals: { headers: { "x-bench": "1" } } }], responses: [{ is: { body: "hello" } }] },
      ],
    },
  },
  {
    id: "cycling",
    title: "cycling stub (two responses, through the Durable Object)",
    path: "/i/4547/",
    bodies: ["hello", "world"],
    target: false,
    imposter: {
      protocol: "http",
      port: 4547,
      stubs: [{ responses: [{ is: { body: "hello" } }, { is: { body: "world" } }] }],
    },
  },
  {
    id: "inject",
    title: "one inject response (user code on every request)",
    path: "/i/4549/hello",
    bodies: ["injected"],
    target: false,
    note: "user code, run in the user-code host's process: the path from the edge to the host and back",
    injection: true,
    imposter: {
      protocol: "http",
      port: 4549,
      stubs: [{ responses: [{ inject: "config => ({ statusCode: 200, body: 'injected' })" }] }],
    },
  },
  {
    // Issue 11: every request is recorded in the journal the live stream reads; nobody listens here.
    id: "recording",
    title: "one stub, recordRequests (through the Durable Object, journal written)",
    path: "/i/4551/hello",
    bodies: ["hello"],
    target: false,
    imposter: { protocol: "http", port: 4551, recordRequests: true, stubs: [exactPath("/hello", "hello")] },
  },
  ...REGEX_SCENARIOS,
  ...LOADTEST_SCENARIOS,
  ...ISSUE12_SCENARIOS,
  FRESH_BODY_SCENARIO,
  FRESH_ID_SCENARIO,
  FRESH_JSONPATH_SCENARIO,
  FRESH_COPY_SCENARIO,
];

/** Creates the scenario's imposter through the platform's admin API (same origin as the front door). */
export async function createImposter(origin: string, scenario: Scenario): Promise<void> {
  if (scenario.imposter === undefined) return;
  const response = await fetch(`${origin}/imposters`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(scenario.imposter),
  });
  if (response.status !== 201) {
    throw new Error(`creating ${scenario.id}: ${response.status} ${await response.text()}`);
  }
}

/**
 * Checks the target answers what the scenario says before it is loaded: a benchmark of 404s or 500s
 * would measure nothing. Two rounds of the cycle, so a cycling stub must really cycle.
 */
export async function verify(origin: string, scenario: Scenario): Promise<void> {
  if (scenario.requests !== undefined) return verifyEach(origin, scenario.id, scenario.requests);
  const seen: string[] = [];
  for (let i = 0; i < scenario.bodies.length * 2; i++) {
    const response = await fetch(`${origin}${scenario.path}`, {
      headers: scenario.headers ?? {},
      ...(scenario.body === undefined ? {} : { method: "POST", body: scenario.body }),
    });
    if (response.status !== 200) throw new Error(`${scenario.id}: status ${response.status}`);
    seen.push(await response.text());
  }
  const start = scenario.bodies.indexOf(seen[0] ?? "");
  const expected = seen.map((_, i) => scenario.bodies[(start + i) % scenario.bodies.length]);
  if (start < 0 || seen.some((body, i) => body !== expected[i])) {
    throw new Error(
      `${scenario.id}: answered ${JSON.stringify(seen)}, not ${JSON.stringify(scenario.bodies)}`,
    );
  }
}

/** Every request of a rotation must get its expected status, and its body when the fixture names one. */
async function verifyEach(origin: string, id: string, requests: readonly BenchRequest[]): Promise<void> {
  for (const { method, path, headers, body, expect } of requests) {
    const response = await fetch(`${origin}${path}`, { method, headers: headers ?? {}, body: body ?? null });
    const text = await response.text();
    if (response.status !== expect.status || (expect.body !== undefined && text !== expect.body)) {
      throw new Error(`${id}: ${method} ${path} answered ${response.status} ${JSON.stringify(text)}`);
    }
  }
}
