import { describe, expect, it } from "vitest";
import { dropImposterNulls, dropStubNulls } from "./absent-nulls.ts";

describe("dropImposterNulls", () => {
  it("leaves out the optional fields a typed client set to null, at every level", () => {
    const imposter = {
      protocol: "http",
      name: null,
      defaultResponse: { headers: null, statusCode: 404 },
      stubs: [
        {
          predicates: [{ or: [{ equals: { path: "/" }, caseSensitive: null }], except: null }],
          responses: [{ is: { headers: null, body: null }, proxy: null, behaviors: null }],
        },
        {
          responses: [
            {
              proxy: {
                to: "http://origin",
                mode: null,
                addWaitBehavior: null,
                predicateGenerators: [{ matches: { path: true }, caseSensitive: null, jsonpath: null }],
              },
            },
          ],
        },
      ],
    };
    dropImposterNulls(imposter);
    expect(imposter).toEqual({
      protocol: "http",
      defaultResponse: { statusCode: 404 },
      stubs: [
        { predicates: [{ or: [{ equals: { path: "/" } }] }], responses: [{ is: { body: null } }] },
        {
          responses: [{ proxy: { to: "http://origin", predicateGenerators: [{ matches: { path: true } }] } }],
        },
      ],
    });
  });
});

describe("dropStubNulls", () => {
  it.each([
    ["a null type alone, which mb names as of no type", { is: null }, { is: null }],
    [
      "a null type beside a real one",
      { inject: null, fault: "CONNECTION_RESET_BY_PEER" },
      { fault: "CONNECTION_RESET_BY_PEER" },
    ],
    ["a null repeat, which mb refuses too", { is: {}, repeat: null }, { is: {}, repeat: null }],
  ])("keeps or drops %s", (_case, response, expected) => {
    const stub = { predicates: null, responses: [response] };
    dropStubNulls(stub);
    expect(stub).toEqual({ responses: [expected] });
  });
});
