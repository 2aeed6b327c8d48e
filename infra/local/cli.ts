// `npm start`: the whole platform on workerd, like `mb` on http://127.0.0.1:2525.
import { parsePlatformArgs } from "./args.ts";
import { startPlatform } from "./platform.ts";

const platform = await startPlatform(parsePlatformArgs(process.argv.slice(2), process.env));
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
