// The bin's entry: everything else is importable without running anything.
import { main } from "./main.ts";

// `mockctl imposters list | head -1`: the reader has all it wants once it closes the pipe. Node would throw
// EPIPE at the next write, a stack trace and exit 1 that fails a `set -o pipefail` step.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});

process.exitCode = await main(process.argv.slice(2), process.env, process.cwd());
