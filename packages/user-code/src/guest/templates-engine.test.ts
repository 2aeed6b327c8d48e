import {
  createEngine,
  emptyState,
  emptyUserState,
  expandTemplates,
  type Imposter,
  type MbRequest,
} from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { runtimeFor } from "../../test/node-runtime.ts";

const templated = {
  _template: "eta",
  headers: { "x-who": "<%= it.request.query.who %>" },
  body: "hello <%= it.request.query.who %>, $NAME",
};
const imposter = {
  protocol: "http",
  port: 4545,
  defaultResponse: { statusCode: 202 },
  stubs: [
    {
      predicates: [{ equals: { path: "/t" } }],
      responses: [
        {
          is: templated,
          behaviors: [
            { copy: { from: "path", into: "$NAME", using: { method: "regex", selector: "\\w+" } } },
          ],
        },
      ],
    },
    { responses: [{ is: { body: "<%= plain %>" } }] },
  ],
} as unknown as Imposter;
const request = (path: string) =>
  ({
    method: "GET",
    path,
    query: { who: "Ada" },
    headers: {},
    body: "",
    requestFrom: "",
    ip: "",
  }) as MbRequest;

describe("an imposter with templates, as the engine runs it", () => {
  it("turns each templated is into the inject that renders it, and leaves the rest alone", () => {
    const expanded = expandTemplates(imposter);
    const [first, second] = expanded.stubs;
    expect(first?.responses[0]?.is).toBeUndefined();
    expect(first?.responses[0]?.inject).toMatch(/^function \(config\)/);
    expect(first?.responses[0]?.behaviors).toEqual(imposter.stubs[0]?.responses[0]?.behaviors);
    expect(second).toBe(imposter.stubs[1]);
    expect(expandTemplates({ ...imposter, stubs: [imposter.stubs[1]!] }).stubs[0]).toBe(imposter.stubs[1]);
  });

  it("renders, then runs the behaviors, then fills in the default response", async () => {
    const engine = createEngine(imposter);
    const source = engine.imposter.stubs[0]?.responses[0]?.inject ?? "";
    const run = await runtimeFor("response", [source]);
    const inject = async (code: string, req: MbRequest) => {
      const outcome = await run("response", code, { request: req, state: emptyUserState() });
      if (!outcome.ok) throw new Error(outcome.data);
      return outcome.value as never;
    };
    const { response } = await engine.respond(request("/t"), emptyState(), { inject });
    expect(response).toMatchObject({ statusCode: 202, headers: { "x-who": "Ada" }, body: "hello Ada, t" });
    const untouched = await engine.respond(request("/other"), emptyState(), { inject });
    expect(untouched.response.body).toBe("<%= plain %>");
  });
});
