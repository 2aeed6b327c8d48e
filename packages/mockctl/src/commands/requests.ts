import { type Command, flag } from "../command.ts";
import type { Output } from "../output.ts";
import { PORT_ARG, parsePort } from "./port.ts";

type Recorded = { method?: string; path?: string; timestamp?: string; requestFrom?: string };

const describe = (request: Recorded) =>
  `${request.timestamp ?? ""} ${request.method ?? ""} ${request.path ?? ""}`.trim();

/** --follow prints as requests come: under --json one JSON object a line (NDJSON), so it can be piped. */
function print(out: Output, request: Recorded): void {
  if (out.json) console.log(JSON.stringify(request));
  else out.line(describe(request));
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export const requests: Command = {
  name: "requests",
  summary: "Print an imposter's recorded requests (its journal); --follow prints new ones as they arrive",
  args: "<port>",
  positionals: { min: 1, max: 1 },
  remote: true,
  description: [
    'The imposter must record them ("recordRequests": true, or mb\'s --mock). --follow polls',
    "GET /imposters/:port every --interval ms and prints requests it has not printed; Ctrl-C stops.",
    PORT_ARG,
  ],
  options: {
    follow: { type: "boolean", short: "f", description: "keep printing new requests" },
    interval: { type: "string", value: "<ms>", description: "--follow's poll interval (default 500)" },
  },
  async run(context) {
    const port = parsePort(context.positionals[0], "requests");
    const client = context.client();
    const fetchAll = async () => ((await client.getImposter(port)).requests ?? []) as Recorded[];
    let seen = await fetchAll();
    if (!flag(context, "follow")) {
      for (const request of seen) context.out.line(describe(request));
      context.out.success(`${seen.length} request(s) recorded by imposter ${port}.`, {
        port,
        requests: seen,
      });
      return;
    }
    for (const request of seen) print(context.out, request);
    const interval = Number(context.values.interval ?? 500);
    for (;;) {
      await sleep(interval);
      const now = await fetchAll();
      // The journal keeps the newest 10,000: new ones are those after the last one printed.
      const last = seen.at(-1);
      const from =
        last === undefined ? 0 : now.findLastIndex((r) => JSON.stringify(r) === JSON.stringify(last)) + 1;
      for (const request of now.slice(from)) print(context.out, request);
      seen = now;
    }
  },
};
