// The bin's entry: everything else is importable without running anything.
import { main } from "./main.ts";

// `mockctl imposters list | head -1`: the reader has all it wants once it closes the pipe. Node would throw
// EPIPE at the next write (a stack trace and exit 1 that fails a `set -o pipefail` step); what is left
// unwritten is dropped and the command ends with its own exit code.
const ENDED = new Set(["EPIPE", "ERR_STREAM_DESTROYED"]);
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (!ENDED.has(error.code ?? "")) throw error;
  });
}

process.exitCode = await main(process.argv.slice(2), process.env, process.cwd());
