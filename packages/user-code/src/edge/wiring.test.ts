import { env } from "cloudflare:workers";
import { createEngine, type EngineDeps, type Imposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import {
  frontDoorDeps,
  markNeedsObject,
  needsObjectForUserCode,
  runsUserCode,
  userCodeDeps,
} from "./wiring.ts";

const decorated: Imposter = {
  protocol: "http",
  port: 4550,
  stubs: [{ responses: [{ is: { body: "x" }, behaviors: [{ decorate: "(config, response) => {}" }] }] }],
};
const predicated: Imposter = {
  protocol: "http",
  port: 4551,
  stubs: [{ predicates: [{ inject: "config => true" }], responses: [{ is: { body: "x" } }] }],
};
const plain: Imposter = { protocol: "http", port: 4552, stubs: [{ responses: [{ is: { body: "x" } }] }] };

describe("the edge's wiring of user code", () => {
  it("sends an imposter's requests to its object for an injected predicate, or once marked", () => {
    const [withDecorate, withPredicate, without] = [decorated, predicated, plain].map(createEngine);
    expect([withDecorate, withPredicate, without].map((e) => e && runsUserCode(e))).toEqual([
      true,
      true,
      false,
    ]);
    expect(needsObjectForUserCode(withPredicate!)).toBe(true);
    expect(needsObjectForUserCode(withDecorate!)).toBe(false);
    markNeedsObject(withDecorate!);
    expect(needsObjectForUserCode(withDecorate!)).toBe(true);
  });

  it("gives the front door the Worker's other seams beside the user-code ones, made once per env and seams", () => {
    const engine = createEngine(decorated);
    const lookups: EngineDeps = { dataSource: async () => "id\n1\n" };
    const deps = frontDoorDeps(env, engine, lookups, "local");
    expect(deps.dataSource).toBe(lookups.dataSource);
    expect(typeof deps.decorate).toBe("function");
    expect(frontDoorDeps(env, engine, lookups, "local")).toBe(deps);
    const others: EngineDeps = {};
    const remade = frontDoorDeps(env, engine, others, "local");
    expect(remade).not.toBe(deps);
    expect(remade.dataSource).toBeUndefined();
  });

  it("gives the object no seams for an imposter without user code", () => {
    expect(userCodeDeps(env, plain, { imposterState: {}, injectState: {} }, () => {}, "local")).toEqual({});
  });
});
