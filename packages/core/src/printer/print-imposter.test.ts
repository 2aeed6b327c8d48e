import { describe, expect, it } from "vitest";
import recorded from "../../test/printer/mb-2.9.1.fixtures.json" with { type: "json" };
import type { Imposter } from "../schemas/imposter.ts";
import type { MbRequest } from "../schemas/request.ts";
import { printImposter } from "./print-imposter.ts";
import type { PrintOptions } from "./types.ts";

// Bodies recorded from a running mb 2.9.1 (port 2631) for the same inputs; compared as text because
// Mountebank's docs compare bodies byte for byte, so field order matters as much as content.
const { origin } = recorded;
const cases = recorded.cases.map((c) => {
  const full = JSON.parse(c.outputs.full) as { numberOfRequests: number; requests: MbRequest[] };
  return { imposter: c.input as Imposter, activity: full, outputs: c.outputs };
});

const forms: Array<[keyof (typeof cases)[number]["outputs"], PrintOptions]> = [
  ["full", { form: "full", origin }],
  ["replayable", { form: "replayable", origin }],
  ["removeProxies", { form: "full", removeProxies: true, origin }],
  ["replayableRemoveProxies", { form: "replayable", removeProxies: true, origin }],
];

describe("printImposter matches mb 2.9.1", () => {
  describe.each(cases.map((c) => [c.imposter.port, c] as const))("imposter %i", (_port, c) => {
    it.each(forms)("%s form", (name, options) => {
      const printed = printImposter(c.imposter, c.activity, options);
      expect(JSON.stringify(printed, null, 2)).toBe(c.outputs[name]);
    });
  });

  it("prints the list form of GET /imposters", () => {
    const imposters = cases.map((c) => printImposter(c.imposter, c.activity, { form: "list", origin }));
    expect(JSON.stringify({ imposters }, null, 2)).toBe(recorded.list);
  });
});

describe("printImposter details", () => {
  const imposter = cases[0]!.imposter;
  const activity = { numberOfRequests: 0, requests: [] };

  it("keeps Mountebank's relative links when no origin is given", () => {
    const printed = printImposter(imposter, activity, { form: "list" });
    expect(printed._links).toEqual({
      self: { href: "/imposters/4641" },
      stubs: { href: "/imposters/4641/stubs" },
    });
  });

  it.each(["list", "full"] as const)("puts the hosted url just before _links (%s)", (form) => {
    const keys = Object.keys(printImposter(imposter, activity, { form, url: "https://4641.mocks.example" }));
    expect(keys.indexOf("url")).toBe(keys.length - 2);
  });

  it("leaves the hosted url out of the replayable form, which must be exactly mb's", () => {
    const printed = printImposter(imposter, activity, {
      form: "replayable",
      url: "https://4641.mocks.example",
    });
    expect(printed).not.toHaveProperty("url");
  });

  it.each([
    ["full", true],
    ["replayable", true],
    ["list", false],
  ] as const)("echoes the platform's strict flag in the %s form: %s", (form, shown) => {
    const printed = printImposter({ ...imposter, strict: false }, activity, { form });
    expect(Object.hasOwn(printed, "strict")).toBe(shown);
    if (shown) expect(printed.strict).toBe(false);
    expect(printImposter(imposter, activity, { form })).not.toHaveProperty("strict");
  });

  it("never echoes allowCORS and does not mutate the stored imposter", () => {
    const before = JSON.stringify(imposter);
    const printed = printImposter(imposter, activity, { form: "replayable", removeProxies: true });
    expect(printed).not.toHaveProperty("allowCORS");
    expect(JSON.stringify(imposter)).toBe(before);
  });

  it("prints https metadata defaults when key and cert were not given", () => {
    const https = { protocol: "https", port: 4700, stubs: [] } as Imposter;
    expect(printImposter(https, activity, { form: "replayable" })).toEqual({
      protocol: "https",
      port: 4700,
      recordRequests: false,
      mutualAuth: false,
      rejectUnauthorized: false,
      ca: null,
      stubs: [],
    });
  });
});
