import {
  compileTemplate,
  emptyUserState,
  type IsResponse,
  templateFunctionSource,
  templateProblem,
} from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { runtimeFor } from "../../test/node-runtime.ts";

const request = {
  requestFrom: "127.0.0.1:5000",
  method: "POST",
  path: "/users/42",
  query: { name: "Ada" },
  headers: { "content-type": "application/json" },
  body: '{"id":7,"tags":["a","b"]}',
  ip: "127.0.0.1",
};

/** Renders a templated `is` as the user-code isolate would: its function run by the real runtime module. */
async function render(is: Record<string, unknown>, state = emptyUserState()) {
  const source = templateFunctionSource({ _template: "eta", ...is } as IsResponse);
  const run = await runtimeFor("response", [source]);
  return run("response", source, { request: request as never, state });
}

describe("eta response templates", () => {
  const cases: Array<[string, Record<string, unknown>, unknown]> = [
    [
      "request fields",
      { body: "<%= it.request.method %> <%= it.request.path %> <%= it.request.query.name %>" },
      { body: "POST /users/42 Ada" },
    ],
    ["the parsed JSON body", { body: "<%= it.json.id %>:<%= it.json.tags.join('|') %>" }, { body: "7:a|b" }],
    ["code blocks", { body: "<% for (const t of it.json.tags) { %>[<%= t %>]<% } %>" }, { body: "[a][b]" }],
    ["escaped and raw", { body: `<%= "<b>" %> <%~ "<b>" %>` }, { body: "&lt;b&gt; <b>" }],
    [
      "headers and status",
      { statusCode: "<%= 200 + 1 %>", headers: { location: "/u/<%= it.json.id %>", plain: "x" } },
      { statusCode: "201", headers: { location: "/u/7", plain: "x" } },
    ],
    [
      "strings inside a JSON body",
      { body: { id: "<%= it.json.id %>", n: 3, list: ["<%= 1 + 1 %>"] } },
      { body: { id: "7", n: 3, list: ["2"] } },
    ],
    [
      "a binary body is never a template",
      { body: "PCU9IDEgJT4=", _mode: "binary", headers: { a: "<%= 1 %>" } },
      { body: "PCU9IDEgJT4=", _mode: "binary", headers: { a: "1" } },
    ],
    [
      "process.env is empty",
      { body: "<%= process.env.PORT || 8080 %> <%= Object.keys(process) %>" },
      { body: "8080 env" },
    ],
    [
      "a __proto__ key stays an own key",
      { body: { ["__proto__" as string]: "<%= 1 %>" } },
      { body: JSON.parse('{"__proto__":"1"}') },
    ],
  ];
  it.each(cases)("%s", async (_name, is, expected) => {
    const outcome = await render(is);
    expect(outcome).toMatchObject({ ok: true });
    expect(outcome.ok && outcome.value).toEqual(expected);
  });

  it("reads and writes the imposter's state, as inject does", async () => {
    const state = emptyUserState();
    const is = { body: "<% it.state.n = (it.state.n || 0) + 1 %><%= it.state.n %>" };
    await render(is, state);
    const second = await render(is, state);
    expect(second.ok && second.value).toEqual({ body: "2" });
  });

  it("at a front door, a template that uses state asks for the object; one that does not answers", async () => {
    const source = templateFunctionSource({ _template: "eta", body: "<%= it.state.n %>" } as IsResponse);
    const run = await runtimeFor("response", [source]);
    expect(await run("response", source, { request: request as never })).toEqual({
      ok: false,
      touched: true,
    });
    const plain = await render({ body: "<%= it.request.path %>" }, undefined);
    expect(plain).toMatchObject({ ok: true, value: { body: "/users/42" } });
  });

  it("a template that throws fails with its field and template line", async () => {
    const outcome = await render({ body: "a\n<%= it.nothing.here %>" });
    expect(outcome).toMatchObject({ ok: false });
    expect(!outcome.ok && outcome.data).toMatch(/^template body, line 2: .*here/);
  });

  it("include has no files to read", async () => {
    const outcome = await render({ body: "<%~ include('x') %>" });
    expect(!outcome.ok && outcome.data).toMatch(/cannot include/);
  });
});

describe("compiling a template", () => {
  const problems: Array<[string, string, { line: number; reason: RegExp }]> = [
    ["an unclosed tag", "a\nb <%= it.x \nc", { line: 2, reason: /unclosed tag/ }],
    ["a JavaScript syntax error", "a\nb\n<%= it.x( %>\nc", { line: 3, reason: /Unexpected token/ }],
    ["an unclosed string in a tag", "<%= 'a %>", { line: 1, reason: /unclosed string/ }],
    ["`with`, which modules refuse", "x\n<% with (it) { %><% } %>", { line: 2, reason: /strict mode/ }],
  ];
  it.each(problems)("%s is refused with its line", (_name, text, expected) => {
    const compiled = compileTemplate(text);
    expect(compiled.ok).toBe(false);
    if (compiled.ok) return;
    expect(compiled.problem.line).toBe(expected.line);
    expect(compiled.problem.reason).toMatch(expected.reason);
  });

  it("names the field of the first template that fails", () => {
    const is = {
      _template: "eta",
      headers: { a: "<%= 1 %>", b: "<%= ) %>" },
      body: "<%= ( %>",
    } as IsResponse;
    expect(templateProblem(is)).toMatchObject({ at: "headers.b", line: 1 });
  });

  it("strings without a tag are not compiled", () => {
    expect(templateProblem({ body: "100% sure" } as IsResponse)).toBeUndefined();
  });
});
