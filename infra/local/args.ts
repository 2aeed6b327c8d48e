import { parseArgs } from "node:util";
import type { PlatformOptions } from "./platform.ts";

/** mb's flags where they mean something here; environment variables for the two the brief names. */
export function parsePlatformArgs(argv: string[], env: NodeJS.ProcessEnv): PlatformOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", short: "p" },
      host: { type: "string", short: "h" },
      data: { type: "string" },
      // mb's own name for its persistence folder (mb --datadir), so an mb command line works unchanged.
      datadir: { type: "string" },
      allowInjection: { type: "boolean", short: "i" },
      apikey: { type: "string" },
    },
    strict: true,
  });
  const port = Number(values.port ?? env.MOCKCTL_PORT ?? 2525);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${values.port}`);
  const options: PlatformOptions = {
    port,
    dataDir: values.data ?? values.datadir ?? env.MOCKCTL_DATA ?? ".mockctl/data",
  };
  if (values.host !== undefined) options.host = values.host;
  if (values.allowInjection === true) options.allowInjection = true;
  if (values.apikey !== undefined) options.apiKey = values.apikey;
  return options;
}
