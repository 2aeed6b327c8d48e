// Is v8Flags --max-old-space-size a limit per isolate or per process? Three loaded isolates each keep
// ~150 MB live under a 256 MB flag; then one of them grows without bound.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const t0 = Date.now();
const log = (...a) => console.log(String(Date.now() - t0).padStart(6), ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rss = (pid) => {
  try {
    return (readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)[1] / 1024) | 0;
  } catch {
    return "-";
  }
};
async function get(url, ms = 5000) {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(ms) });
    return `${r.status} ${(await r.text()).slice(0, 100)}`;
  } catch (e) {
    return `FAILED ${e.cause?.code ?? e.name}`;
  }
}
const child = spawn(
  new URL("../../../../node_modules/.bin/workerd", import.meta.url).pathname,
  ["serve", "--experimental", "config-heap256.capnp"],
  { stdio: ["ignore", "ignore", "pipe"] },
);
let err = "";
child.stderr.on("data", (d) => {
  err += d;
});
child.on("exit", (code, signal) => log(`workerd exited code=${code} signal=${signal}`));
await sleep(1200);
for (const id of ["p", "q", "r"])
  log(
    `loaded ${id} hold:`,
    await get(`http://127.0.0.1:18701/loaded/${id}/hold`),
    "| rss MB",
    rss(child.pid),
  );
log(
  "all alive? other:",
  await get("http://127.0.0.1:18702/"),
  "| p ok:",
  await get("http://127.0.0.1:18701/loaded/p/ok"),
);
log("now bomb in loaded s:", await get("http://127.0.0.1:18701/loaded/s/bomb", 20000));
await sleep(300);
log(
  "stderr tail:",
  err
    .split("\n")
    .filter((l) => /fatal|heap/.test(l))
    .join(" | ")
    .slice(0, 300),
);
child.kill("SIGKILL");
