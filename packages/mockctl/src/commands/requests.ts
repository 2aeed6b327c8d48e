import { type FieldMap, formatTarget } from "@mockctl/core";
import { type Command, flag, stringValue } from "../command.ts";
import { counted, type Output } from "../output.ts";
import { followByPolling, followStream } from "./follow.ts";
import { parseInterval } from "./interval.ts";
import { PORT_ARG, parsePort } from "./port.ts";

type Recorded = {
  method?: string;
  path?: string;
  query?: FieldMap;
  timestamp?: string;
  requestFrom?: string;
};

/**
 * One line a request: when, method and target. mb records `path` and the decoded `query` apart, so the
 * query is encoded again to show what was asked for (`GET /live2?q=1`); a tcp request has neither.
 */
export function describeRequest(request: Recorded): string {
  const { path, query } = request;
  const target =
    path === undefined ? "" : formatTarget(path, typeof query === "object" && query !== null ? query : {});
  return `${request.timestamp ?? ""} ${request.method ?? ""} ${target}`.trim();
}

/** --follow prints as requests come: under --json one JSON object a line (NDJSON), so it can be piped. */
function print(out: Output, request: Recorded): void {
  if (out.json) console.log(JSON.stringify(request));
  else out.line(describeRequest(request));
}

export const requests: Command = {
  name: "requests",
  summary: "Print an imposter's recorded requests (its journal); --follow prints new ones as they arrive",
  args: "<port>",
  positionals: { min: 1, max: 1 },
  remote: true,
  description: [
    'The imposter must record them ("recordRequests": true, or mb\'s --mock). --follow reads the',
    "platform's journal stream (GET /imposters/:port/requests/stream): the retained requests, then each",
    "new one as it is recorded. Against Mountebank or an older platform it polls GET /imposters/:port",
    "every --interval ms instead. Ctrl-C stops.",
    PORT_ARG,
  ],
  options: {
    follow: { type: "boolean", short: "f", description: "keep printing new requests" },
    interval: { type: "string", value: "<ms>", description: "poll interval without a stream (default 500)" },
  },
  async run(context) {
    const port = parsePort(context.positionals[0], "requests");
    const interval = parseInterval(stringValue(context, "interval"), "requests");
    const client = context.client();
    // Also how a missing imposter is told apart from a platform without the stream route (both 404).
    const imposter = await client.getImposter(port);
    const seen = (imposter.requests ?? []) as Recorded[];
    // mb prints `recordRequests` on every imposter. Under mb's --mock an imposter records all the same, so
    // only an empty journal is explained; a journal with requests in it needs no hint.
    if (imposter.recordRequests === false && seen.length === 0) {
      context.out.warn(
        `imposter ${port} does not record requests: set "recordRequests": true in its config and deploy it again`,
      );
    }
    if (!flag(context, "follow")) {
      for (const request of seen) context.out.line(describeRequest(request));
      context.out.success(`${counted(seen.length, "request")} recorded by imposter ${port}.`, {
        port,
        requests: seen,
      });
      return;
    }
    const show = (request: Recorded) => print(context.out, request);
    if (await followStream(client, port, show, context.out)) return;
    for (const request of seen) show(request);
    await followByPolling(client, port, seen, interval, show);
  },
};
