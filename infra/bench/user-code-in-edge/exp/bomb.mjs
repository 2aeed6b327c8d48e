// A memory bomb in a loaded isolate (or the Worker's own): does the process survive? Polls the other
// Worker and the process's RSS until workerd exits or 20 s pass.
// usage: node bomb.mjs <config> <path>
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const [config = "config-heap256.capnp", path = "/loaded/a/bomb"] = process.argv.slice(2);
const t0 = Date.now();
const log = (...a) => console.log(String(Date.now() - t0).padStart(6), ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function get(url, ms = 1000) {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(ms) });
    return `${r.status} ${(await r.text()).slice(0, 150)}`;
  } catch (e) {
    return `FAILED ${e.cause?.code ?? e.name}`;
  }
}
const rss = (pid) => {
  try {
    return (readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)[1] / 1024) | 0;
  } catch {
    return "-";
  }
};
let exited = false;
const child = spawn(
  new URL("../../../../node_modules/.bin/workerd", import.meta.url).pathname,
  ["serve", "--experimental", config],
  {
    stdio: ["ignore", "pipe", "pipe"],
  },
);
let stderr = "";
child.stderr.on("data", (d) => {
  stderr += d;
});
child.stdout.on("data", (d) => {
  stderr += d;
});
child.on("exit", (code, signal) => {
  exited = true;
  log(`workerd exited code=${code} signal=${signal}`);
});
await sleep(1200);
log("warm:", await get("http://127.0.0.1:18701/loaded/a/ok"), "| rss MB", rss(child.pid));
const bomb = get(`http://127.0.0.1:18701${path}`, 20000).then((r) => log("bomb request:", r));
for (let i = 0; i < 20 && !exited; i++) {
  await sleep(1000);
  log("rss MB", rss(child.pid), "| other:", await get("http://127.0.0.1:18702/", 500));
}
await Promise.race([bomb, sleep(500)]);
if (!exited) {
  log("still alive, after:", await get("http://127.0.0.1:18701/ok"));
  child.kill("SIGKILL");
}
await sleep(200);
log(`workerd stderr (first 1200 chars):\n${stderr.slice(0, 1200)}`);
