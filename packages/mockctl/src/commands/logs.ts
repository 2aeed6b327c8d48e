import type { LogEntry as LogLine } from "@mockctl/contract";
import type { Client, Json } from "../client.ts";
import { type Command, flag, stringValue } from "../command.ts";
import { counted, type Output, UsageError } from "../output.ts";
import { parseInterval } from "./interval.ts";
import { parsePort } from "./port.ts";

const LEVELS = ["debug", "info", "warn", "error"];

/** `2026-11-28T01:02:03.456Z warn  [http:4545] message`: levels padded so messages line up. */
export const describeLog = (line: LogLine): string =>
  `${line.timestamp} ${line.level.padEnd(5)} ${line.message}`;

/** Which lines to show: one imposter's (mb's `[http:4545` scope, named or not) at `level` or above. */
export function logFilter(port: number | undefined, level: string | undefined): (line: LogLine) => boolean {
  const least = level === undefined ? 0 : LEVELS.indexOf(level);
  const scope = port === undefined ? undefined : new RegExp(`^\\[\\w+:${port}[\\] ]`);
  return (line) => LEVELS.indexOf(line.level) >= least && (scope === undefined || scope.test(line.message));
}

const asLines = (logs: Json[]): LogLine[] =>
  logs.map((log) => ({
    level: String(log.level ?? ""),
    message: String(log.message ?? ""),
    timestamp: String(log.timestamp ?? ""),
  }));

const keyOf = (line: LogLine): string => `${line.timestamp}\n${line.level}\n${line.message}`;

/** New lines are those not yet seen: the list is merged by time and capped, so indexes are not stable. */
async function follow(client: Client, shown: Set<string>, ms: number, show: (line: LogLine) => void) {
  for (;;) {
    await new Promise((done) => setTimeout(done, ms));
    for (const line of asLines(await client.getLogs())) {
      if (shown.has(keyOf(line))) continue;
      shown.add(keyOf(line));
      show(line);
    }
  }
}

function print(out: Output, line: LogLine): void {
  if (out.json) console.log(JSON.stringify(line));
  else out.line(describeLog(line));
}

export const logs: Command = {
  name: "logs",
  summary: "Print the platform's log: its changes and what user functions logged; --follow keeps printing",
  positionals: { min: 0, max: 0 },
  remote: true,
  description: [
    "Reads GET /logs: on this platform, the workspace's changes and the lines inject, decorate and",
    "predicate generators gave their `logger`, with mb's [http:port] scope; against Mountebank, mb's own",
    "log (it needs mb's JSON log file). --follow polls every --interval ms and prints lines as they come;",
    "Ctrl-C stops.",
  ],
  options: {
    port: { type: "string", value: "<port>", description: "only the lines of this imposter" },
    level: { type: "string", value: "<level>", description: "debug, info, warn or error: that and above" },
    follow: { type: "boolean", short: "f", description: "keep printing new lines" },
    interval: { type: "string", value: "<ms>", description: "poll interval with --follow (default 500)" },
  },
  examples: ["mockctl logs --port 4545 --level warn", "mockctl logs -f"],
  async run(context) {
    const portText = stringValue(context, "port");
    const port = portText === undefined ? undefined : parsePort(portText, "logs");
    const level = stringValue(context, "level");
    if (level !== undefined && !LEVELS.includes(level))
      throw new UsageError(`--level must be one of ${LEVELS.join(", ")}, not "${level}"`, "logs");
    const interval = parseInterval(stringValue(context, "interval"), "logs");
    const keep = logFilter(port, level);
    const client = context.client();
    const all = asLines(await client.getLogs());
    const lines = all.filter(keep);
    if (!flag(context, "follow")) {
      for (const line of lines) context.out.line(describeLog(line));
      context.out.success(`${counted(lines.length, "log line")}.`, { logs: lines });
      return;
    }
    for (const line of lines) print(context.out, line);
    const shown = new Set(all.map(keyOf));
    await follow(client, shown, interval, (line) => {
      if (keep(line)) print(context.out, line);
    });
  },
};
