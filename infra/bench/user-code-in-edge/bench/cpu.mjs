// CPU per request of the edge-like and host-like workerd for /direct, /inproc (LOADER in the edge) and /hop
// (edge -> unix socket -> host -> LOADER), interleaved wrk rounds; CPU from /proc/<pid>/stat.
// usage: flock /tmp/bench.lock node cpu.mjs   env: ROUNDS (2), SECONDS (4), CONNS ("1,20")
import { execFile, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { promisify } from "node:util";

const run = promisify(execFile);
const ROUNDS = Number(process.env.ROUNDS ?? 2),
  SECONDS = Number(process.env.SECONDS ?? 4);
const CONNS = (process.env.CONNS ?? "1,20").split(",").map(Number);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const TICK_MS = 10; // getconf CLK_TCK = 100
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime, stime (fields 14, 15)
};
const W = new URL("../../../../node_modules/.bin/workerd", import.meta.url).pathname;
rmSync("host.sock", { force: true });
const host = spawn(W, ["serve", "--experimental", "host.capnp"], { stdio: "ignore" });
await sleep(800);
const edge = spawn(W, ["serve", "--experimental", "edge.capnp"], { stdio: "ignore" });
await sleep(1200);
try {
  for (const p of ["direct", "inproc", "hop"])
    await run("wrk", ["-t1", "-c4", "-d1s", `http://127.0.0.1:18801/${p}`]); // warm
  console.log(`${new Date().toISOString()} load ${readFileSync("/proc/loadavg", "utf8").trim()}`);
  console.log("conns route   req/s   edge µs/req  host µs/req  non2xx");
  for (const conns of CONNS)
    for (let round = 0; round < ROUNDS; round++)
      for (const route of ["direct", "inproc", "hop"]) {
        const e0 = cpuMs(edge.pid),
          h0 = cpuMs(host.pid);
        const { stdout } = await run("wrk", [
          "-t1",
          `-c${conns}`,
          `-d${SECONDS}s`,
          `http://127.0.0.1:18801/${route}`,
        ]);
        const e1 = cpuMs(edge.pid),
          h1 = cpuMs(host.pid);
        const total = Number(/(\d+) requests in/.exec(stdout)?.[1]);
        const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
        const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? "0";
        const us = (ms) => ((ms * 1000) / total).toFixed(0).padStart(11);
        console.log(
          `${String(conns).padStart(5)} ${route.padEnd(7)} ${rps.toFixed(0).padStart(6)} ${us(e1 - e0)} ${us(h1 - h0)}  ${non2xx}`,
        );
      }
  console.log(`${new Date().toISOString()} load ${readFileSync("/proc/loadavg", "utf8").trim()}`);
} finally {
  edge.kill("SIGKILL");
  host.kill("SIGKILL");
}
