import { expect, it } from "vitest";
import { SCENARIOS } from "../fixtures/scenarios.ts";
import { pickRequest, schedule } from "./measure.ts";

it("runs each comparison's two sides back to back: mb's shares, then ours beside the floor, then k6's most", () => {
  const runs = schedule({ mountebank: 1_000, platform: 20_000, floor: 22_000 }, 4_000);
  expect(runs.map((run) => `${run.target}@${run.rate}`)).toEqual([
    "mountebank@250",
    "platform@250",
    "mountebank@500",
    "platform@500",
    "mountebank@750",
    "platform@750",
    "platform@5000",
    "floor@5000",
    "platform@10000",
    "floor@10000",
    "platform@15000",
    "floor@15000",
    "platform@4000",
    "floor@4000",
  ]);
});

const scenario = (id: string) => SCENARIOS.find((candidate) => candidate.id === id)!;
const ports = new Map(SCENARIOS.flatMap((s) => (s.fixture ? [[s.fixture.id, 4600] as const] : [])));

it.each([
  ["xpath", "last"], // its last of N, a POST with a body
  ["baseline", "health"], // no "last": the first request
  ["rest-api", "first"], // its last is a DELETE and no-match a 404: wrk sends GETs and POSTs, checked 2xx
])("%s is measured on its %s request", (id, name) => {
  expect(pickRequest(scenario(id), ports)?.name).toBe(name);
});

it("repeats each of Mountebank's shares as alternated pairs when asked, and nothing else", () => {
  const runs = schedule({ mountebank: 1_000, platform: 20_000, floor: 22_000 }, 4_000, 2);
  expect(runs.slice(0, 5).map((run) => `${run.target}@${run.rate}`)).toEqual([
    "mountebank@250",
    "platform@250",
    "mountebank@250",
    "platform@250",
    "mountebank@500",
  ]);
  expect(runs).toHaveLength(14 + 6);
});
