import { type Command, flag } from "../command.ts";
import { checkImposters } from "../config/check.ts";
import { loadConfigFiles } from "../config/load.ts";
import { CliError, counted } from "../output.ts";

export const validate: Command = {
  name: "validate",
  summary: "Check config files offline: mb's validation messages plus mockctl's warnings",
  args: "<files…>",
  positionals: { min: 1, max: Number.POSITIVE_INFINITY },
  description: [
    "Errors are Mountebank 2.9.1's own messages (e.g. `bad data: 'protocol' is a required field`).",
    "Warnings: a tcp or smtp imposter (deploy skips it: the platform serves HTTP only),",
    "a field Mountebank ignores (a typo such as `predicatez`, with what it likely meant),",
    "a stub no request can reach (an earlier stub always matches first), a catch-all stub",
    "that is not last, a regular expression that nests quantifiers or repeats alternatives that start",
    "alike (a risk of catastrophic backtracking in Mountebank; here it runs on the slower linear engine).",
  ],
  options: {
    strict: { type: "boolean", description: "fail on warnings too" },
    allowInjection: { type: "boolean", description: "accept inject/decorate, as a platform started with it" },
    noParse: { type: "boolean", description: "read the files as plain JSON, without EJS (mb --noParse)" },
  },
  examples: ["mockctl validate imposters.ejs --strict"],
  async run(context) {
    const { out } = context;
    const sourced = loadConfigFiles(context.positionals, context.cwd, flag(context, "noParse"));
    const report = checkImposters(sourced, {
      allowInjection: flag(context, "allowInjection"),
      requirePort: false,
      // As deploy reads the file: `validate && deploy` in CI must not fail on what deploy accepts.
      skipRawTcp: true,
    });
    const strict = flag(context, "strict");
    // Under --strict the warnings are the failure's own lines: printed once, there.
    if (!strict) for (const warning of report.warnings) out.warn(warning);
    const errors = report.errors.map((problem) => problem.line);
    const failing = [...errors, ...(strict ? report.warnings : [])];
    if (failing.length > 0) {
      const data = { errors, warnings: report.warnings };
      const what = strict && errors.length === 0 ? "warning" : "error";
      const under = strict && errors.length === 0 ? " under --strict" : "";
      throw new CliError(
        `${counted(failing.length, what)}${under} in ${context.positionals.join(", ")}`,
        failing,
        undefined,
        1,
        data,
      );
    }
    out.success(
      `${counted(sourced.length, "imposter")} valid, ${counted(report.warnings.length, "warning")}.`,
      {
        imposters: sourced.length,
        errors: [],
      },
    );
  },
};
