import type { Scenario } from "./scenarios.ts";

/** The classic scenarios' floor: infra/floor loaded with wrk's static request (no Lua `request`). */
export const FLOOR: Scenario = {
  id: "floor",
  title: "hello-world Worker (floor)",
  path: "/",
  bodies: ["hello"],
  target: false,
};

/** The floor of the load tests' GET requests, sent in turn like theirs (wrk's Lua `request` per request). */
const FLOOR_GET: Scenario = {
  id: "floor-get",
  title: "hello-world Worker, GET (floor of the load tests' GET scenarios)",
  path: "/",
  bodies: ["hello"],
  target: false,
  requests: [{ method: "GET", path: "/", expect: { status: 200, body: "hello" } }],
};

/** The same Worker reading a JSON body as text: the least a request with a body needs. */
export const FLOOR_POST: Scenario = {
  ...FLOOR_GET,
  id: "floor-post",
  title: "hello-world Worker reading the body as text, POST (floor of the body scenarios)",
  requests: [
    {
      method: "POST",
      path: "/orders",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ order: { id: 7, sku: "sku-99", quantity: 3 } }),
      expect: { status: 200, body: "hello" },
    },
  ],
};

/** Every floor, by id; a scenario names its own (`floor`), the static-request "floor" by default. */
export const FLOORS: Scenario[] = [FLOOR, FLOOR_GET, FLOOR_POST];

/**
 * wrk's own ceiling for each floor's requests: the same requests against infra/bench/ceiling.ts, a server
 * that does next to nothing. Keyed by the floor's id.
 */
export const CEILINGS: Record<string, Scenario> = {
  floor: { ...FLOOR, id: "ceiling", title: "wrk's ceiling (canned answers), static GET", floor: "floor" },
  "floor-get": {
    ...FLOOR_GET,
    id: "ceiling-get",
    title: "wrk's ceiling (canned answers), GET",
    floor: "floor-get",
  },
  "floor-post": {
    ...FLOOR_POST,
    id: "ceiling-post",
    title: "wrk's ceiling (canned answers), POST",
    floor: "floor-post",
  },
};
