// `npm start`: the whole platform on workerd, like `mb` on http://127.0.0.1:2525.
import { parsePlatformArgs } from "./args.ts";
import { deployConfigFile } from "./configfile.ts";
import { startPlatform } from "./platform.ts";

const options = parsePlatformArgs(process.argv.slice(2), process.env);
const platform = await startPlatform(options);
// mb exits when its --configfile cannot be loaded; so does this, after the CLI has said why.
if (options.configfile !== undefined) {
  if (!(await deployConfigFile(platform.url, options.configfile, options.noParse === true, options.apiKey))) {
    await platform.stop();
    process.exit(1);
  }
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
