import { describe, expect, it } from "vitest";
import { unknownFieldFindings } from "./unknown-fields.ts";

const imposter = (extra: Record<string, unknown> = {}, stub: Record<string, unknown> = {}) => ({
  protocol: "http",
  port: 4545,
  stubs: [{ responses: [{ is: { statusCode: 201 } }], ...stub }],
  ...extra,
});

describe("unknownFieldFindings", () => {
  it.each([
    [
      "the imposter",
      imposter({ stubz: [] }),
      "the imposter has a field Mountebank ignores: 'stubz'; did you mean 'stubs'?",
    ],
    [
      "a stub",
      imposter({}, { predicatez: [] }),
      "stub 0 has a field Mountebank ignores: 'predicatez'; did you mean 'predicates'?",
    ],
    [
      "a stub, far from any",
      imposter({}, { colour: "red" }),
      "stub 0 has a field Mountebank ignores: 'colour'",
    ],
    [
      "a response",
      imposter({}, { responses: [{ is: {}, behaviours: [] }] }),
      "stub 0 response 0 has a field Mountebank ignores: 'behaviours'; did you mean 'behaviors'?",
    ],
    [
      "an is",
      imposter({}, { responses: [{ is: { statusCod: 201 } }] }),
      "stub 0 response 0's is has a field Mountebank ignores: 'statusCod'; did you mean 'statusCode'?",
    ],
    [
      "the defaultResponse",
      imposter({ defaultResponse: { header: {} } }),
      "its defaultResponse has a field Mountebank ignores: 'header'; did you mean 'headers'?",
    ],
  ])("names an unknown field of %s", (_where, definition, message) => {
    expect(unknownFieldFindings(definition)).toEqual([message]);
  });

  it("says nothing of what mb's own saved files carry", () => {
    const saved = imposter(
      { requests: [], numberOfRequests: 0, _links: {}, name: "n", recordRequests: true, allowCORS: true },
      {
        _links: {},
        predicates: [],
        responses: [
          { is: { body: "x", _mode: "text" }, _behaviors: { wait: 1 } },
          { is: { body: "<%= it.request.path %>", _template: "eta" } },
        ],
      },
    );
    expect(unknownFieldFindings(saved)).toEqual([]);
  });

  it("names a short unknown field without a far-fetched hint, and knows mb's host", () => {
    expect(unknownFieldFindings(imposter({ id: 1, host: "0.0.0.0" }))).toEqual([
      "the imposter has a field Mountebank ignores: 'id'",
    ]);
  });

  it("passes over what is not an object", () => {
    expect(unknownFieldFindings(null)).toEqual([]);
    expect(unknownFieldFindings({ stubs: [null, { responses: "x" }] })).toEqual([]);
  });
});
