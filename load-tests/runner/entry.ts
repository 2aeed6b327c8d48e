import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cleanupAll, cleanupOnSignals } from "./cleanup.ts";

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What each runner (`run.ts`, `soak.ts`, `latency.ts`) does around its work: reads its arguments (a usage
 * error exits 2), stops everything it started on Ctrl-C and at the end, gives it a temporary folder, and
 * exits with the status its work returns (1 when it throws).
 */
export function runEntry<A>(
  entry: { parse: (argv: string[]) => A; usage: string; tmpPrefix: string },
  work: (args: A, dir: string) => Promise<number>,
): void {
  const main = async (): Promise<number> => {
    let args: A;
    try {
      args = entry.parse(process.argv.slice(2));
    } catch (error) {
      console.error(`${message(error)}\nusage: ${entry.usage}`);
      return 2;
    }
    cleanupOnSignals();
    const dir = mkdtempSync(join(tmpdir(), entry.tmpPrefix));
    // At exit, after every other stop and after Miniflare's exit hooks have stopped workerd, which could
    // otherwise write into it again; also on Ctrl-C, when nothing can be awaited.
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    try {
      return await work(args, dir);
    } finally {
      await cleanupAll();
    }
  };
  main().then(
    (code) => process.exit(code),
    async (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      await cleanupAll();
      process.exit(1);
    },
  );
}
