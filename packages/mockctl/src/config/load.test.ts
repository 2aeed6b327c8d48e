import { createRequire } from "node:module";
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

  it("says No such file as mb does", () => {
    expect(() => loadConfigFile("missing.json", FIXTURES)).toThrow(
      `No such file: ${join(FIXTURES, "missing.json")}`,
    );
  });
});
