// `npm run bench:start [-- --repetitions 3 --seconds 30]`: time to ready and memory (PSS of every process)
// of the local platform beside Mountebank, in one run; writes START.md and start.json here.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { currentLoad, describeMachine } from "./machine.ts";
import { emptyAnd10k, inject, restartWith100x100 } from "./start-phases.ts";
import { renderStart, type StartRun } from "./start-report.ts";
import { launch, type StartTarget, TARGETS } from "./start-targets.ts";
import { ensureWrk } from "./wrk.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const { values: args } = parseArgs({
  options: {
    repetitions: { type: "string", default: "3" },
    seconds: { type: "string", default: "30" },
    only: { type: "string" },
    out: { type: "string", default: HERE },
  },
});
const SECONDS = Number(args.seconds);
const wrk = ensureWrk();
const machine = describeMachine(wrk);
const targets = TARGETS.filter((t) => args.only === undefined || args.only.split(",").includes(t.id));
// A first start of the local platform compiles the launcher and builds the Workers; not measured.
const warm = mkdtempSync(join(tmpdir(), "mockctl-bench-start-"));
await (await launch(TARGETS[0] as StartTarget, 29_990, warm)).stop();
rmSync(warm, { recursive: true, force: true });

const runs: StartRun[] = [];
for (let repetition = 1; repetition <= Number(args.repetitions); repetition++) {
  for (const [index, target] of targets.entries()) {
    console.log(`repetition ${repetition}: ${target.id}`);
    const run: StartRun = { target: target.id, repetition, memory: {} };
    // Below Linux's ephemeral range (32768–60999), so no client socket on the machine holds mb's ports.
    const base = 20_000 + index * 1_000;
    try {
      const place = { target, run, port: 29_991 + index, seconds: SECONDS };
      await emptyAnd10k({ ...place, imposterPort: base });
      await restartWith100x100({ ...place, imposterPort: base + 200 });
      await inject({ ...place, imposterPort: base + 400 });
    } catch (error) {
      // One failed start (a port someone else took) costs its phase, not the whole run.
      console.error(`repetition ${repetition}, ${target.id}: ${String(error)}`);
    }
    runs.push(run);
  }
}
machine.loadEnd = currentLoad();
const date = new Date().toISOString();
writeFileSync(
  join(args.out, "start.json"),
  `${JSON.stringify({ date, machine, seconds: SECONDS, runs }, null, 2)}\n`,
);
writeFileSync(join(args.out, "START.md"), renderStart({ date, machine, seconds: SECONDS, runs, targets }));
console.log(`wrote ${join(args.out, "START.md")}`);
