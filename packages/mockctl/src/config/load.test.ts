import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../test/run-cli.ts";
import type { CliError } from "../output.ts";
import { loadConfigFile } from "./load.ts";

// mb 2.9.1's own --configfile loader (mountebank-formatters, EJS 2.7.4), to compare against.
const formatters = createRequire(import.meta.url)("mountebank-formatters") as {
  load(options: { configfile: string; noParse?: boolean }): { imposters: unknown[] };
};

describe("config files", () => {
  it.each([
    "ejs/imposters.ejs",
    "hello-only.json",
    "mb-imposters.json",
  ])("%s renders to the imposters mb --configfile loads", (file) => {
    const ours = loadConfigFile(file, FIXTURES).map((imposter) => imposter.definition);
    expect(ours).toEqual(formatters.load({ configfile: join(FIXTURES, file) }).imposters);
  });

  it("names the file when the template fails", () => {
    expect(() => loadConfigFile("ejs/order.ejs", FIXTURES)).toThrow(
      "order.ejs: the EJS template did not render",
    );
  });

  it("names the file when it is not JSON after rendering", () => {
    expect(() => loadConfigFile("not-json.ejs", FIXTURES)).toThrow(
      "not-json.ejs: not JSON after EJS rendering",
    );
  });

  it("points at where the rendered text stops being JSON, not at the whole file", () => {
    let error: CliError | undefined;
    try {
      loadConfigFile("not-json.ejs", FIXTURES);
    } catch (thrown) {
      error = thrown as CliError;
    }
    expect(error?.message).toBe(
      "not-json.ejs: not JSON after EJS rendering (line 1, column 21 of the rendered text)",
    );
    expect(error?.details).toEqual([
      "Unexpected token ']'",
      '1 | { "imposters": [ 2, ] }',
      "                        ^",
    ]);
  });

  it("shows V8's reason without the source it echoes, on a long one-line file", () => {
    const dir = mkdtempSync(join(tmpdir(), "mockctl-load-"));
    const body = JSON.stringify({
      imposters: [{ port: 1, stubs: [{ responses: [{ is: { body: "x".repeat(5000) } }] }] }],
    });
    writeFileSync(join(dir, "big.json"), body.replace("]}]}", "]},,}]}"));
    let error: CliError | undefined;
    try {
      loadConfigFile("big.json", dir, true);
    } catch (thrown) {
      error = thrown as CliError;
    }
    // The second comma, one past `]},` (columns count from 1).
    expect(error?.message).toBe(`big.json: not JSON (line 1, column ${body.indexOf("]}]}") + 4})`);
    expect(error?.details[0]).toBe("Unexpected token ','");
    expect(error?.details[1]).toMatch(/^1 \| …x{40,}"\}\}\]\},,\}\]\}/);
  });

  it("says No such file as mb does", () => {
    expect(() => loadConfigFile("missing.json", FIXTURES)).toThrow(
      `No such file: ${join(FIXTURES, "missing.json")}`,
    );
  });
});
