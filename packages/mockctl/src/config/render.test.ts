import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderConfigFile } from "./render.ts";

const fileWith = (text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), "mockctl-render-")), "imposters.ejs");
  writeFileSync(file, text);
  return file;
};

const detailsOf = (file: string) => {
  try {
    renderConfigFile(file);
  } catch (error) {
    return (error as { message: string; details: string[] }).details;
  }
  throw new Error("rendered");
};

// Every compile error used to read "Or, if you meant to create an async function, pass `async: true`…",
// the last line of EJS's advice, instead of what is wrong.
describe("renderConfigFile's errors", () => {
  it("says what did not compile, without EJS's generic advice", () => {
    const file = fileWith('{\n "a": 1,\n <% if ( %>\n}\n');
    expect(detailsOf(file)).toEqual([`Unexpected token ';' in ${file} while compiling ejs`]);
  });

  it("points a file of eta templates (as `mockctl save` writes one) at --noParse", () => {
    const file = fileWith('{"is": {"_template": "eta", "body": "hi <%= it.request.path %>"}}');
    const error = (() => {
      try {
        renderConfigFile(file);
      } catch (caught) {
        return caught as { hint?: string };
      }
    })();
    expect(error?.hint).toContain("load it with --noParse");
    expect(renderConfigFile(file, true)).toContain("<%= it.request.path %>");
  });

  it("says where a template failed as it ran, the line, and why", () => {
    const file = fileWith('{\n "a": 1,\n "b": "<%= nosuchvar %>"\n}\n');
    expect(detailsOf(file)).toEqual([
      `${file}:3`,
      '>> 3|  "b": "<%= nosuchvar %>"',
      "nosuchvar is not defined",
    ]);
  });
});
