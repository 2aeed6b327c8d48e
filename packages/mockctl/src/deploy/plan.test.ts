import { type Imposter, printImposter } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import type { CheckedImposter } from "../config/check.ts";
import { changes, planDeploy } from "./plan.ts";

const imposter = (port: number, body = "hi"): Imposter => ({
  protocol: "http",
  port,
  stubs: [{ responses: [{ is: { body } }] }],
});
const desired = (...imposters: Imposter[]): CheckedImposter[] =>
  imposters.map((i, index) => ({ source: { file: "a.json", index, definition: i }, imposter: i }));
// What the platform answers to GET /imposters?replayable=true: mb's replayable form plus our `url`.
const stored = (i: Imposter) => ({
  ...printImposter(i, { numberOfRequests: 0, requests: [] }, { form: "replayable" }),
  url: `http://localhost:2525/i/${i.port}`,
});

describe("planDeploy", () => {
  it.each([
    ["nothing deployed yet", [imposter(1)], [], false, [[1, "create"]]],
    ["the same definition", [imposter(1)], [stored(imposter(1))], false, [[1, "unchanged"]]],
    ["a changed body", [imposter(1, "new")], [stored(imposter(1))], false, [[1, "replace"]]],
    [
      "an extra imposter kept",
      [imposter(1)],
      [stored(imposter(1)), stored(imposter(2))],
      false,
      [[1, "unchanged"]],
    ],
    [
      "an extra imposter pruned",
      [imposter(1)],
      [stored(imposter(1)), stored(imposter(2))],
      true,
      [
        [1, "unchanged"],
        [2, "delete"],
      ],
    ],
  ] as const)("%s", (_name, files, current, prune, expected) => {
    const steps = planDeploy(desired(...files), [...current], prune);
    expect(steps.map((step) => [step.port, step.action])).toEqual(expected);
  });

  it("prunes no imposter a file names but deploys none of (tcp, smtp)", () => {
    const steps = planDeploy(
      desired(imposter(1)),
      [stored(imposter(1)), stored(imposter(2))],
      true,
      false,
      [2],
    );
    expect(steps.map((step) => [step.port, step.action])).toEqual([[1, "unchanged"]]);
  });

  it("replaces even an unchanged imposter when fresh, so it starts anew as mb's --configfile starts it", () => {
    const steps = planDeploy(
      desired(imposter(1), imposter(3)),
      [stored(imposter(1)), stored(imposter(2))],
      true,
      true,
    );
    expect(steps.map((step) => [step.port, step.action])).toEqual([
      [1, "replace"],
      [3, "create"],
      [2, "delete"],
    ]);
  });

  describe("a proxy's recordings", () => {
    const proxyStub = { responses: [{ proxy: { to: "http://origin.test", mode: "proxyOnce" } }] };
    const recorded = {
      predicates: [{ deepEquals: { path: "/a" } }],
      responses: [{ is: { statusCode: 200, body: "from the origin" } }],
    };
    const proxy = (stubs: Imposter["stubs"], name?: string): Imposter => ({
      protocol: "http",
      port: 7,
      ...(name === undefined ? {} : { name }),
      stubs,
    });
    it.each([
      [
        "recorded stubs before the proxy",
        proxy([proxyStub]),
        proxy([recorded, recorded, proxyStub]),
        "unchanged",
      ],
      [
        "a file stub changed",
        proxy([{ responses: [{ is: { body: "x" } }] }, proxyStub]),
        proxy([recorded, proxyStub]),
        "replace",
      ],
      ["the imposter renamed", proxy([proxyStub], "new"), proxy([recorded, proxyStub]), "replace"],
      ["extra stubs without a proxy", imposter(7), proxy([recorded, ...imposter(7).stubs!]), "replace"],
    ] as const)("%s: %s", (_name, file, current, action) => {
      const steps = planDeploy(desired(file), [stored(current)], false);
      expect(steps.map((step) => step.action)).toEqual([action]);
      // A replacement carries what it replaces, as stored (without the platform's url), to put it back.
      const { url: _url, ...previous } = stored(current) as { url?: string };
      expect(steps[0]?.previous).toEqual(action === "replace" ? previous : undefined);
    });
  });

  it("keeps unchanged steps out of the changes", () => {
    const steps = planDeploy(desired(imposter(1), imposter(2)), [stored(imposter(1))], false);
    expect(changes(steps).map((step) => step.port)).toEqual([2]);
  });
});
