// `npm start`: the whole platform on workerd, like `mb` on http://127.0.0.1:2525.
import { parsePlatformArgs } from "./args.ts";
import { deployConfigFile } from "./configfile.ts";
import { type Platform, type PlatformOptions, startPlatform } from "./platform.ts";
import { startFailure } from "./start-failure.ts";

/** The --configfile deploy failed; the CLI has said why. */
class ConfigFileFailed extends Error {}

/** mb loads its --configfile before it listens; here the file is deployed before any client is served. */
function deployFirst(options: PlatformOptions): PlatformOptions["beforeOpen"] {
  const file = options.configfile;
  if (file === undefined) return undefined;
  return async (url, publicUrl) => {
    if (!(await deployConfigFile(url, file, options.noParse === true, options.apiKey, publicUrl))) {
      throw new ConfigFileFailed();
    }
  };
}

let platform: Platform;
try {
  const options = parsePlatformArgs(process.argv.slice(2), process.env);
  platform = await startPlatform({ ...options, beforeOpen: deployFirst(options) });
} catch (error) {
  // mb exits when its --configfile cannot be loaded; so does this.
  if (!(error instanceof ConfigFileFailed)) console.error(startFailure(error));
  process.exit(1);
}
// One fixed line, so scripts and tests can wait for it.
console.log(`mockctl platform ready at ${platform.url}`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await platform.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
