import { FIXTURES, SCENARIOS as LOAD_TESTS, type PortMap } from "@mockctl/load-tests/fixtures";
import type { BenchRequest, Scenario } from "./scenarios.ts";

/** Imposter ports of the load tests' fixtures, as load-tests/prepare.ts numbers them (on the platform a port is an id). */
export const PORT_BASE = 4600;
const ports: PortMap = new Map(FIXTURES.map((fixture, i) => [fixture.id, PORT_BASE + i]));

/**
 * Load tests left out, and why: `stress` sends the REST API's requests at 200 connections, which on wrk
 * measures the same work as `rest-api` (wrk saturates the server at 50); `floor` is the floor itself.
 */
const LEFT_OUT = new Set(["stress", "floor"]);

/** Rows read as information only: their rate is set by something other than the platform's own work. */
const NOTES: Record<string, string> = {
  wait: "every answer waits 10 ms: 50 connections cap it at 5,000 req/s on any server",
  decorate: "user code, run in the user-code host's process (issue 8): held to Mountebank, not the floor",
  admin: "the admin API's list and one imposter read back, not an imposter",
};

/** The least work a request needs at the floor: a body to read (a POST) or none (a GET). */
const readsBody = (requests: readonly BenchRequest[]) =>
  requests.some((request) => request.body !== undefined);

function benchRequests(id: string, imposterPort: number | undefined): BenchRequest[] {
  const scenario = LOAD_TESTS.find((one) => one.id === id)!;
  const prefix = imposterPort === undefined ? "" : `/i/${imposterPort}`;
  return scenario.requests(ports).map(({ method, path, headers, body, expect }) => ({
    method,
    path: `${prefix}${path}`,
    ...(headers === undefined ? {} : { headers }),
    ...(body === undefined ? {} : { body }),
    expect:
      expect.body === undefined ? { status: expect.status } : { status: expect.status, body: expect.body },
  }));
}

/**
 * Every load-test scenario (load-tests/fixtures) as a bench:platform scenario: the same imposter, the same
 * requests sent in turn on every connection, read against the floor of its request shape (a GET floor,
 * or a POST floor that reads the body as text).
 */
export const LOADTEST_SCENARIOS: Scenario[] = LOAD_TESTS.filter((one) => !LEFT_OUT.has(one.id)).map((one) => {
  const port = one.fixture === undefined ? undefined : ports.get(one.fixture.id)!;
  const requests = benchRequests(one.id, port);
  const note = NOTES[one.id];
  const scenario: Scenario = {
    id: one.id,
    title: `load test: ${one.title}`,
    path: requests[0]!.path,
    bodies: [],
    target: note === undefined,
    requests,
    floor: readsBody(requests) ? "floor-post" : "floor-get",
  };
  if (note !== undefined) scenario.note = note;
  if (one.fixture !== undefined && port !== undefined) scenario.imposter = { ...one.fixture.build(port) };
  if (one.userCode) scenario.injection = true;
  return scenario;
});
