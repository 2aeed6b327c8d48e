import type { Command } from "../command.ts";
import { counted, table } from "../output.ts";
import { PORT_ARG, parsePort } from "./port.ts";

export const impostersList: Command = {
  name: "imposters list",
  summary: "List the imposters on the platform with their URLs",
  remote: true,
  async run(context) {
    const imposters = await context.client().listImposters();
    const rows = imposters.map((i) => [
      String(i.port),
      String(i.protocol),
      typeof i.name === "string" ? i.name : "",
      String(i.numberOfRequests ?? 0),
      String(i.url ?? ""),
    ]);
    if (rows.length > 0) context.out.line(table(["IMPOSTER", "PROTOCOL", "NAME", "REQUESTS", "URL"], rows));
    context.out.success(`${counted(imposters.length, "imposter")}.`, { imposters });
  },
};

export const impostersGet: Command = {
  name: "imposters get",
  summary: "Print one imposter as GET /imposters/:port does (JSON)",
  args: "<port>",
  description: [PORT_ARG],
  positionals: { min: 1, max: 1 },
  remote: true,
  options: {
    replayable: {
      type: "boolean",
      description: "without requests, counters and links (mb's replayable form)",
    },
  },
  async run(context) {
    const port = parsePort(context.positionals[0], "imposters get");
    const replayable = context.values.replayable === true;
    const imposter = await context.client().getImposter(port, { replayable });
    context.out.line(JSON.stringify(imposter, null, 2));
    context.out.successBesideData(`imposter ${port}.`, { imposter }); // stdout stays JSON for jq
  },
};

export const impostersDelete: Command = {
  name: "imposters delete",
  summary: "Delete one imposter",
  args: "<port>",
  description: [PORT_ARG],
  positionals: { min: 1, max: 1 },
  remote: true,
  async run(context) {
    const port = parsePort(context.positionals[0], "imposters delete");
    const deleted = await context.client().deleteImposter(port);
    // mb answers 200 with an empty body for a port it does not have.
    const gone = Object.keys(deleted).length > 0;
    context.out.success(gone ? `Deleted imposter ${port}.` : `No imposter ${port}; nothing to delete.`, {
      deleted: gone,
      port,
    });
  },
};
