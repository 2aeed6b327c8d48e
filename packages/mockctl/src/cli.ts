// The bin's entry: everything else is importable without running anything.
import { main } from "./main.ts";

process.exitCode = await main(process.argv.slice(2), process.env, process.cwd());
