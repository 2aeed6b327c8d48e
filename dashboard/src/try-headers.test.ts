import { describe, expect, it } from "vitest";
import { parseTryHeaders } from "./try-headers.ts";

describe("parseTryHeaders", () => {
  it.each([
    ["{}", {}],
    ["", {}],
    ['{"x-id": "7"}', { "x-id": "7" }],
    ['{"x-id": 7, "x-flag": true}', { "x-id": "7", "x-flag": "true" }],
  ])("reads %j", (text, headers) => {
    expect(parseTryHeaders(text)).toEqual({ ok: true, headers });
  });

  it.each([
    ['{"x-id": ', "Headers are not valid JSON"],
    ["[1]", "must be a JSON object"],
    ['"x"', "must be a JSON object"],
    ['{"bad name": "1"}', '"bad name" is not a valid header name'],
    ['{"x-list": ["a"]}', 'The value of header "x-list" must be text or a number'],
    ['{"x-obj": null}', 'The value of header "x-obj" must be text or a number'],
  ])("refuses %j, saying why", (text, why) => {
    const parsed = parseTryHeaders(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.error).toContain(why);
  });
});
