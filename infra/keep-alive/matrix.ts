// `npx tsx infra/keep-alive/matrix.ts [--direct]`: common HTTP clients reuse a pooled connection to the local
// platform after idle spells from 0 to 120 s, with and without load from another client; writes RESULTS.md
// (RESULTS-direct.md with --direct: clients on workerd's own socket, as before the keep-alive relay).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startPlatform } from "../local/platform.ts";
import { allClients, type Trial } from "./clients.ts";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const { values: args } = parseArgs({ options: { direct: { type: "boolean", default: false } } });

/** Spells across the range, and a fine sweep around workerd's 5 s idle close, where the race was. */
const AROUND_FIVE = Array.from({ length: 11 }, (_, i) => Number((4.9 + i * 0.02).toFixed(2)));
const QUIET = [...new Set([0, 1, 4.5, ...AROUND_FIVE, 6, 10, 30, 60, 120])].sort((a, b) => a - b);
const UNDER_LOAD = QUIET;

function load(url: string, seconds: number): Promise<void> {
  return new Promise((done) => {
    spawn("wrk", ["-t1", "-c50", `-d${seconds}s`, url], { stdio: "ignore" }).on("exit", () => done());
  });
}

function table(trials: Trial[]): string[] {
  const rows = ["| client | spells | failed | reused the connection |", "|---|---:|---:|---:|"];
  for (const client of [...new Set(trials.map((trial) => trial.client))]) {
    const mine = trials.filter((trial) => trial.client === client);
    const failed = mine.filter((trial) => trial.outcome !== "ok");
    const reused = mine.some((trial) => trial.reused !== undefined)
      ? String(mine.filter((trial) => trial.reused).length)
      : "n/a";
    rows.push(`| ${client} | ${mine.length} | ${failed.length} | ${reused} |`);
  }
  const failures = trials.filter((trial) => trial.outcome !== "ok");
  if (failures.length > 0) rows.push("");
  for (const f of failures) rows.push(`- ${f.client}, ${f.idle} s idle: ${f.outcome}`);
  return rows;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "mockctl-keep-alive-"));
  const platform = await startPlatform({ port: 0, dataDir, direct: args.direct });
  const loadStart = loadavg().map((n) => n.toFixed(2));
  try {
    for (const port of [4545, 4546]) {
      const imposter = { protocol: "http", port, stubs: [{ responses: [{ is: { body: "hello" } }] }] };
      await fetch(`${platform.url}/imposters`, { method: "POST", body: JSON.stringify(imposter) });
    }
    const url = `${platform.url}/i/4545/`;
    const quiet = await allClients(url, QUIET, true);
    const busy = load(`${platform.url}/i/4546/`, Math.max(...UNDER_LOAD) + 5);
    const loaded = await allClients(url, UNDER_LOAD, true);
    await busy;
    const mode = args.direct
      ? "clients on workerd's own socket (`direct`, as before the relay)"
      : "the keep-alive relay";
    const report = [
      `# Pooled connections reused after idle spells: ${mode}`,
      "",
      `Written by \`npx tsx infra/keep-alive/matrix.ts${args.direct ? " --direct" : ""}\`.`,
      `Each spell: one request, the spell, a second request on the same pooled connection (its own pool).`,
      `Spells (s): ${QUIET.join(", ")}; curl only at 0, 1, 5, 6, 10, 30, 60, 120 (\`--rate\`).`,
      "Reuse is read where the client shows it: http.Agent's `reusedSocket`, the local port of Python's socket,",
      "curl's `num_connects`. curl itself opens a new connection after 118 s idle (CURLOPT_MAXAGE_CONN).",
      "",
      `- date: ${new Date().toISOString()}; ${cpus()[0]?.model}, ${cpus().length} cores, shared`,
      `- load average at the start: ${loadStart.join(", ")}; at the end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")}`,
      "",
      "## No other client on the platform (the machine itself is shared: see the load averages)",
      "",
      ...table(quiet),
      "",
      `## Under load: \`wrk -t1 -c50\` on another imposter through every spell up to ${Math.max(...UNDER_LOAD)} s`,
      "",
      ...table(loaded),
      "",
    ].join("\n");
    writeFileSync(join(HERE, args.direct ? "RESULTS-direct.md" : "RESULTS.md"), report);
    console.log(report);
  } finally {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
