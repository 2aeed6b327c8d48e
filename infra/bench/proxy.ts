import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startMountebank } from "@mockctl/differential";
import { startPlatform } from "../local/platform.ts";
import { upperMedian } from "./stats.ts";

/**
 * `npx tsx infra/bench/proxy.ts [--rounds 3] [--seconds 5]`: a proxied request and a recorded replay,
 * on the local platform and on Mountebank 2.9.1, against one origin on 127.0.0.1 (a Node server in this
 * process). wrk -t1 -c10 per run, targets in an order that rotates each round; medians and the ratio
 * ours/mb of the same round go to PROXY.md. Everything it loads is on 127.0.0.1.
 */
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => Number(args[args.indexOf(`--${name}`) + 1] || fallback);
const ROUNDS = args.includes("--rounds") ? flag("rounds", 3) : 3;
const SECONDS = args.includes("--seconds") ? flag("seconds", 5) : 5;
const OUT = fileURLToPath(new URL("./PROXY.md", import.meta.url));

function wrk(url: string, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t1", "-c10", `-d${seconds}s`, url], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", () => {
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)?.[1];
      const errors = /Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1];
      if (rps === undefined || errors !== undefined) reject(new Error(`wrk on ${url}:\n${output}`));
      else resolve(Number(rps));
    });
  });
}

async function post(admin: number, imposter: unknown): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${admin}/imposters`, {
    method: "POST",
    body: JSON.stringify(imposter),
  });
  if (res.status !== 201) throw new Error(`imposter refused: ${await res.text()}`);
}

async function main(): Promise<void> {
  const origin = createServer((_req, res) => res.end("origin says hello"));
  const originPort = await freePort();
  await new Promise<void>((resolve) => origin.listen(originPort, "127.0.0.1", resolve));
  const to = `http://127.0.0.1:${originPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), "mockctl-bench-proxy-"));
  const [mb, platform] = await Promise.all([startMountebank(), startPlatform({ port: 0, dataDir })]);
  const edge = Number(new URL(platform.url).port);
  const [proxied, replay, plain] = [await freePort(), await freePort(), await freePort()];
  const stubsOf = (mode: string) => [
    { responses: [{ proxy: { to, mode, predicateGenerators: [{ matches: { path: true } }] } }] },
  ];
  for (const admin of [mb.adminPort, edge]) {
    await post(admin, { protocol: "http", port: proxied, stubs: stubsOf("proxyTransparent") });
    await post(admin, { protocol: "http", port: replay, stubs: stubsOf("proxyOnce") });
    // The same answer from a plain stub: how fast each server is on this machine right now.
    await post(admin, {
      protocol: "http",
      port: plain,
      stubs: [{ responses: [{ is: { body: "origin says hello" } }] }],
    });
  }
  const targets: Record<string, string> = {
    origin: `${to}/p`,
    "mb proxied": `http://127.0.0.1:${proxied}/p`,
    "ours proxied": `http://127.0.0.1:${edge}/i/${proxied}/p`,
    "mb replay": `http://127.0.0.1:${replay}/r`,
    "ours replay": `http://127.0.0.1:${edge}/i/${replay}/r`,
    "mb plain": `http://127.0.0.1:${plain}/r`,
    "ours plain": `http://127.0.0.1:${edge}/i/${plain}/r`,
  };
  // The first request to the replay imposters records; every later one is answered from the saved stub.
  await Promise.all([fetch(targets["mb replay"] ?? ""), fetch(targets["ours replay"] ?? "")]);
  const names = Object.keys(targets);
  const results: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const ratios: Record<string, number[]> = { proxied: [], replay: [], plain: [] };
  const loadStart = loadavg();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length] ?? "");
      for (const name of order) {
        await wrk(targets[name] ?? "", 1);
        results[name]?.push(await wrk(targets[name] ?? "", SECONDS));
        console.log(`round ${round + 1} ${name}: ${results[name]?.at(-1)} req/s`);
      }
      for (const kind of Object.keys(ratios)) {
        ratios[kind]?.push((results[`ours ${kind}`]?.[round] ?? 0) / (results[`mb ${kind}`]?.[round] ?? 1));
      }
    }
  } finally {
    await Promise.all([mb.stop(), platform.stop()]);
    origin.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const rows = names.map(
    (name) =>
      `| ${name} | ${Math.round(upperMedian(results[name] ?? []))} | ${results[name]?.map(Math.round).join(", ")} |`,
  );
  const ratioRows = Object.entries(ratios).map(
    ([kind, values]) =>
      `| ${kind} | ${upperMedian(values).toFixed(2)} | ${values.map((v) => v.toFixed(2)).join(", ")} |`,
  );
  const report = [
    "# Proxy benchmark: a proxied request and a recorded replay, ours against mb 2.9.1",
    "",
    `Run ${new Date().toISOString()} by \`npx tsx infra/bench/proxy.ts\`: ${cpus()[0]?.model.trim()} × ${cpus().length}, Node ${process.version}, load average ${loadStart.map((v) => v.toFixed(2)).join(" ")} at the start, ${loadavg()
      .map((v) => v.toFixed(2))
      .join(
        " ",
      )} at the end (the machine is shared). wrk -t1 -c10, ${ROUNDS} rounds of ${SECONDS} s after 1 s of warm-up, targets rotating; the origin is a Node server on 127.0.0.1; proxied = proxyTransparent (every request goes to the origin), replay = the stub a proxyOnce saved, plain = an \`is\` stub with the same body (the reference).`,
    "",
    "| target | median req/s | per round |",
    "|---|---|---|",
    ...rows,
    "",
    "| ours / mb, same round | median | per round |",
    "|---|---|---|",
    ...ratioRows,
    "",
  ].join("\n");
  writeFileSync(OUT, report);
  console.log(report);
}

await main();
