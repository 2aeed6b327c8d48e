import type { Predicate } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

// Issue 15, part 3: a body nested 200,000 levels deep used to overflow the stack in predicate evaluation
// and get `500 internal error`. Past the core's depth limit it is text, as Mountebank's tryJSON keeps
// what its walks cannot handle, so the predicate does not hold and the next stub answers.
const DEPTH = 200_000;
const arrays = "[".repeat(DEPTH) + "]".repeat(DEPTH);
const objects = `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`;
const elements = "<a>".repeat(DEPTH) + "</a>".repeat(DEPTH);

const PREDICATES: Array<[string, Predicate, string]> = [
  ["equals", { equals: { body: { a: 1 } } }, arrays],
  ["deepEquals", { deepEquals: { body: { a: 1 } } }, objects],
  ["contains", { contains: { body: { a: "1" } } }, arrays],
  ["matches", { matches: { body: { a: "1" } } }, objects],
  ["exists", { exists: { body: { a: true } } }, arrays],
  ["jsonpath", { equals: { body: "1" }, jsonpath: { selector: "$..a" } }, objects],
  ["xpath", { exists: { body: true }, xpath: { selector: "//a" } }, elements],
];

/** Two responses make the stub stateful, so the imposter's Durable Object evaluates it. */
const cycling = { responses: [{ is: { body: "first" } }, { is: { body: "again" } }] };

describe("a body nested deeper than any stack", () => {
  it.each(PREDICATES)("%s: the next stub answers, at the front door", async (_name, predicate, body) => {
    const port = freshPort();
    await objectFor(port).put(
      imposter(port, { stubs: [{ predicates: [predicate], ...is("first") }, is("next")] }),
    );
    const response = await send(`/i/${port}/`, { method: "POST", body });
    expect([response.status, await response.text()]).toEqual([200, "next"]);
  });

  it.each(
    PREDICATES,
  )("%s: the next stub answers, in the imposter's object", async (_name, predicate, body) => {
    const port = freshPort();
    await objectFor(port).put(
      imposter(port, { stubs: [{ predicates: [predicate], ...cycling }, is("next")] }),
    );
    const response = await send(`/i/${port}/`, { method: "POST", body });
    expect([response.status, await response.text()]).toEqual([200, "next"]);
  });
});
