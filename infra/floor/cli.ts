// `npx tsx infra/floor/cli.ts [--port 2526]`: the hello-world floor for throughput benchmarks.
import { parseArgs } from "node:util";
import { startFloor } from "./floor.ts";

const { values } = parseArgs({ options: { port: { type: "string", short: "p" } } });
const floor = await startFloor({ port: Number(values.port ?? 2526) });
console.log(`mockctl floor ready at ${floor.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => floor.stop().then(() => process.exit(0)));
}
