import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { userFolder } from "./user-folder.ts";

/**
 * `--configfile` (mb's): once the platform answers, the file is deployed by the mockctl CLI
 * (packages/mockctl, `mockctl deploy`), which renders EJS as `mb --configfile` does. Run as a child so the
 * launcher stays plain JavaScript. Relative paths are the user's: npm's INIT_CWD, else this folder.
 */
export function deployConfigFile(
  url: string,
  file: string,
  noParse: boolean,
  apiKey?: string,
  shownUrl?: string,
): Promise<boolean> {
  const bin = createRequire(import.meta.url).resolve("mockctl/bin/mockctl.mjs");
  // mb PUTs the file to /imposters, which replaces every imposter the platform had (--data keeps them):
  // --prune deletes the ones the file lacks, --fresh starts the others anew (journals, counts, cycles).
  const args = [bin, "deploy", "--prune", "--fresh", "--url", url, ...(noParse ? ["--noParse"] : []), file];
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (apiKey !== undefined) env.MOCKCTL_TOKEN = apiKey;
  // `url` may be the launcher's private door; the messages name the URL users call.
  if (shownUrl !== undefined) env.MOCKCTL_LAUNCHER_URL = shownUrl;
  const child = spawn(process.execPath, args, {
    cwd: userFolder(),
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code === 0)));
}
