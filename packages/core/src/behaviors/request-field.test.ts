import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { requestField } from "./request-field.ts";

const request = testRequest({
  path: "/ci",
  query: { multi: ["m1", "m2"], q: "1" },
  headers: { "X-Name": "n" },
  body: "text",
});

// Mountebank's getFrom, checked on mb 2.9.1 (imposter 46217, path /ci).
describe("requestField", () => {
  it.each<[string, unknown, unknown]>([
    ["a field name ignoring case", "PATH", "/ci"],
    ["a one-key path, inner key ignoring case", { query: "Multi" }, "m1"],
    ["a header ignoring case", { headers: "x-name" }, "n"],
    ["a whole map", "query", { multi: ["m1", "m2"], q: "1" }],
    ["a missing field", { headers: "x-missing" }, undefined],
    ["the outer key matched exactly", { Query: "q" }, undefined],
    ["a missing optional field", { form: "a" }, undefined],
    ["an empty path", {}, undefined],
  ])("reads %s", (_, from, expected) => {
    expect(requestField(request, from)).toEqual(expected);
  });
});
