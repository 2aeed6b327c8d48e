import { describe, expect, it } from "vitest";
import type { Client } from "../client.ts";
import type { Context } from "../command.ts";
import { createOutput, UsageError } from "../output.ts";
import { describeLog, logFilter, logs } from "./logs.ts";

const at = "2026-11-28T01:02:03.456Z";
const line = (level: string, message: string) => ({ level, message, timestamp: at });

describe("logFilter", () => {
  it.each([
    ["every line", undefined, undefined, "[http:4545] x", "debug", true],
    ["the imposter's own", 4545, undefined, "[http:4545] x", "info", true],
    ["a named imposter's", 4545, undefined, "[http:4545 orders] x", "info", true],
    ["not another port that starts alike", 4545, undefined, "[http:45451] x", "info", false],
    ["not a line without a scope", 4545, undefined, "mountebank v2.9.1 now taking orders", "info", false],
    ["a level above the least", undefined, "warn", "x", "error", true],
    ["not a level below it", undefined, "warn", "x", "info", false],
  ])("keeps %s", (_name, port, level, message, lineLevel, kept) => {
    expect(logFilter(port, level)(line(lineLevel, message))).toBe(kept);
  });
});

async function run(values: Context["values"], lines: object[]) {
  const printed = { out: [] as string[], err: [] as string[] };
  const out = createOutput(false, { out: (t) => printed.out.push(t), err: (t) => printed.err.push(t) });
  const client = { getLogs: async () => lines } as unknown as Client;
  const context: Context = { values, positionals: [], out, env: {}, cwd: "", client: () => client };
  await logs.run(context);
  return printed.out;
}

describe("mockctl logs", () => {
  it("prints the lines kept, aligned by level, and how many", async () => {
    const all = [line("info", "[http:4545] created by anonymous"), line("warn", "[http:4546] slow")];
    expect(await run({ level: "info" }, all)).toEqual([
      describeLog(all[0]!),
      describeLog(all[1]!),
      "✨ Success. 2 log lines.",
    ]);
    expect(describeLog(all[0]!)).toBe(`${at} info  [http:4545] created by anonymous`);
    expect(await run({ port: "4546" }, all)).toEqual([describeLog(all[1]!), "✨ Success. 1 log line."]);
  });

  it("refuses a level mb does not have", async () => {
    await expect(run({ level: "verbose" }, [])).rejects.toThrow(UsageError);
  });
});
