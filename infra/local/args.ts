import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { PlatformOptions } from "./platform.ts";
import { userFolder } from "./user-folder.ts";

/** What the launcher's command line gives: the platform's options, and what cli.ts does around them. */
export interface LauncherOptions extends PlatformOptions {
  /** mb's --pidfile: cli.ts writes the launcher's pid there once ready. */
  pidfile?: string;
  /** mb's flags given that mean nothing here (`--logfile`, …): cli.ts names them. */
  ignoredFlags?: string[];
  /** mb's --configfile and --noParse: cli.ts deploys the file in `beforeOpen`. */
  configfile?: string;
  noParse?: boolean;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);

/** `--origin` takes what a browser sends as Origin (mb's safe origin for CORS), or `*` for any. */
function asOrigin(value: string): string {
  if (value === "*") return value;
  let origin = "null";
  try {
    origin = new URL(value).origin;
  } catch {}
  if (origin === "null" || origin.includes(",")) {
    throw new Error(`invalid --origin ${value}: give scheme://host[:port], e.g. http://localhost:3000, or *`);
  }
  return origin;
}

// A host name, ".name" for it and every name under it, or "*"; IP addresses are always served.
const HOST_NAME = /^(\*|\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*)$/i;

function asHost(value: string): string {
  if (!HOST_NAME.test(value)) {
    throw new Error(`invalid --allowHost ${value}: give a host name without port, e.g. mb or .example.test`);
  }
  return value.toLowerCase();
}

/** --rateLimit: requests per second per imposter, a positive number; 0 turns the limit off. */
function asRate(value: string): number {
  const rate = Number(value);
  if (value.trim() === "" || !Number.isFinite(rate) || rate < 0) {
    throw new Error(
      `invalid --rateLimit ${value}: give requests per second per imposter, e.g. 100, or 0 (off)`,
    );
  }
  return rate;
}

/** --maxInFlight: requests relayed into workerd at once, a whole number; 0 turns the limit off. */
function asInFlight(value: string): number {
  const limit = Number(value);
  if (value.trim() === "" || !Number.isInteger(limit) || limit < 0) {
    throw new Error(`invalid --maxInFlight ${value}: give a whole number of requests, e.g. 1024, or 0 (off)`);
  }
  return limit;
}

/**
 * MOCKCTL_WORKERD_V8_FLAGS: V8 flags added to workerd's (say `--trace-gc-nvp`, to see its collections), for
 * diagnosis only; each a `--name` or `--name=value`, separated by spaces.
 */
function asV8Flags(value: string): string[] {
  const flags = value.split(/\s+/).filter((flag) => flag !== "");
  const bad = flags.find((flag) => !/^--[a-z0-9][a-z0-9_-]*(=\S+)?$/i.test(flag));
  if (bad !== undefined) {
    throw new Error(`invalid MOCKCTL_WORKERD_V8_FLAGS ${bad}: give V8 flags as --name or --name=value`);
  }
  return flags;
}

/**
 * mb's flags that mean nothing here, taken so that an `mb` command line starts this unchanged: logs go to
 * `GET /logs` and stdout (`--logfile`, `--loglevel`, `--nologfile`), the platform listens on 127.0.0.1 unless
 * told `--host` (`--localOnly`, `--ipWhitelist`), and stubs carry no `matches` (`--debug`). mb's `--mock` is
 * not among them: it changes what imposters record, and ignoring it would lose requests a test verifies.
 */
const MB_FLAGS_IGNORED = {
  logfile: { type: "string" },
  loglevel: { type: "string" },
  nologfile: { type: "boolean" },
  localOnly: { type: "boolean" },
  ipWhitelist: { type: "string" },
  debug: { type: "boolean" },
} as const;

/** mb's flags where they mean something here; environment variables for the two the brief names. */
export function parsePlatformArgs(argv: string[], env: NodeJS.ProcessEnv): LauncherOptions {
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
      origin: { type: "string", multiple: true },
      allowHost: { type: "string", multiple: true },
      configfile: { type: "string" },
      rateLimit: { type: "string" },
      maxInFlight: { type: "string" },
      noParse: { type: "boolean" },
      pidfile: { type: "string" },
      noImposterPorts: { type: "boolean" },
      ...MB_FLAGS_IGNORED,
    },
    strict: true,
  });
  const port = Number(values.port ?? env.MOCKCTL_PORT ?? 2525);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`invalid --port ${values.port ?? env.MOCKCTL_PORT}: give a port number from 0 to 65535`);
  }
  // A folder given is the user's, relative to where they ran npm (INIT_CWD), as mb's --datadir is to its
  // working directory and --configfile and --pidfile are here; the default stays where the launcher runs
  // (under `npm start`, the repository).
  const given = values.data ?? values.datadir ?? env.MOCKCTL_DATA;
  const options: LauncherOptions = {
    port,
    dataDir: given === undefined ? ".mockctl/data" : resolve(userFolder(env), given),
  };
  if (values.host !== undefined) options.host = values.host;
  // Ignored only where it changes nothing: on loopback every client is local. Listening wider, a client
  // list the platform cannot enforce would be a hole the user believes closed.
  if (values.ipWhitelist !== undefined && !LOOPBACK.has(values.host ?? "127.0.0.1")) {
    throw new Error(
      `invalid --ipWhitelist with --host ${values.host}: the platform cannot filter clients by address; listen on 127.0.0.1 or filter in front of it`,
    );
  }
  if (values.allowInjection === true) options.allowInjection = true;
  if (values.apikey !== undefined) options.apiKey = values.apikey;
  if (values.origin !== undefined) options.allowedOrigins = values.origin.map(asOrigin);
  if (values.allowHost !== undefined) options.allowedHosts = values.allowHost.map(asHost);
  if (values.rateLimit !== undefined) options.rateLimit = asRate(values.rateLimit);
  if (values.maxInFlight !== undefined) options.maxInFlight = asInFlight(values.maxInFlight);
  if (values.configfile !== undefined) options.configfile = values.configfile;
  if (values.noParse === true) options.noParse = true;
  if (values.pidfile !== undefined) options.pidfile = values.pidfile;
  // An mb command line's imposters are reached on their own ports; --noImposterPorts keeps them off the
  // machine's ports (their URLs still answer), e.g. beside an mb that holds the same ones.
  options.imposterPorts = values.noImposterPorts !== true;
  const ignored = Object.keys(MB_FLAGS_IGNORED).filter((name) => name in values);
  if (ignored.length > 0) options.ignoredFlags = ignored.map((name) => `--${name}`);
  const v8Flags = asV8Flags(env.MOCKCTL_WORKERD_V8_FLAGS ?? "");
  if (v8Flags.length > 0) options.extraV8Flags = v8Flags;
  return options;
}
