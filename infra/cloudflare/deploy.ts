// `npm run platform:deploy -- --env <name> [--zone example.com] [--dry-run]`: the platform on Cloudflare,
// wrangler under the hood (see infra/README.md).
import { fileURLToPath } from "node:url";
import { parseDeployArgs } from "./args.ts";
import { deployPlatform } from "./deploy-plan.ts";
import { errorReport } from "./output.ts";
import { nodeWrangler } from "./wrangler-cli.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

try {
  const options = parseDeployArgs(process.argv.slice(2), process.env);
  await deployPlatform(options, nodeWrangler(ROOT), (line) => console.log(line));
} catch (error) {
  console.error(errorReport(error));
  process.exitCode = 1;
}
