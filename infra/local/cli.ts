// `npm start`: the whole platform on workerd, like `mb` on http://127.0.0.1:2525.
import { rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { type LauncherOptions, parsePlatformArgs } from "./args.ts";
import { deployConfigFile } from "./configfile.ts";
import { mbDatadirWarning } from "./mb-datadir.ts";
import { type Platform, type PlatformOptions, startPlatform } from "./platform.ts";
import { reportStartFailure } from "./start-failure.ts";
import { userFolder } from "./user-folder.ts";

/** The --configfile deploy failed; the CLI has said why. */
class ConfigFileFailed extends Error {}

/** mb loads its --configfile before it listens; here the file is deployed before any client is served. */
function deployFirst(options: LauncherOptions): PlatformOptions["beforeOpen"] {
  const file = options.configfile;
  if (file === undefined) return undefined;
  return async (url, publicUrl) => {
    if (!(await deployConfigFile(url, file, options.noParse === true, options.apiKey, publicUrl))) {
      throw new ConfigFileFailed();
    }
  };
}

let platform: Platform;
let options: LauncherOptions;
try {
  options = parsePlatformArgs(process.argv.slice(2), process.env);
  for (const flag of options.ignoredFlags ?? []) {
    console.error(`mockctl: ${flag} is one of mb's flags that mean nothing here; ignored`);
  }
  const foreign = mbDatadirWarning(resolve(options.dataDir ?? ".mockctl/data"));
  if (foreign !== undefined) console.error(foreign);
  platform = await startPlatform({ ...options, beforeOpen: deployFirst(options) });
} catch (error) {
  // mb exits when its --configfile cannot be loaded; so does this.
  if (!(error instanceof ConfigFileFailed)) reportStartFailure(error);
  process.exit(1);
}
// mb's --pidfile, which `mb stop --pidfile` reads: its SIGTERM stops this launcher as Ctrl-C does.
// Relative to the user's folder (npm's INIT_CWD), where `mb stop` is run, as --configfile is.
const pidfile = options.pidfile === undefined ? undefined : resolve(userFolder(), options.pidfile);
if (pidfile !== undefined) writeFileSync(pidfile, String(process.pid));
// One fixed line, so scripts and tests can wait for it.
console.log(`mockctl platform ready at ${platform.url}`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await platform.stop();
  if (pidfile !== undefined) rmSync(pidfile, { force: true });
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
