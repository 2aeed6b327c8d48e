// Control: the same CDP Runtime.terminateExecution, sent (1) while the loaded isolate is idle and (2) while
// it runs busy slices that yield between them. Shows what a terminate does when it does get dispatched,
// and what the process, the Worker and the loaded isolate (same id) do afterwards.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const WebSocket = createRequire(import.meta.url)("ws");
const MAIN = "http://127.0.0.1:18701",
  OTHER = "http://127.0.0.1:18702",
  INSPECT = "127.0.0.1:18709";
const target = process.argv[2] ?? "LOADER:a";
const t0 = Date.now();
const log = (...a) => console.log(String(Date.now() - t0).padStart(6), ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function get(url, ms = 3000) {
  const start = Date.now();
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(ms) });
    return `${r.status} ${(await r.text()).slice(0, 140)} (${Date.now() - start} ms)`;
  } catch (e) {
    return `FAILED ${e.name} (${Date.now() - start} ms)`;
  }
}
const child = spawn(
  new URL("../../../../node_modules/.bin/workerd", import.meta.url).pathname,
  ["serve", "--experimental", `--inspector-addr=${INSPECT}`, "config.capnp"],
  { stdio: ["ignore", "inherit", "inherit"] },
);
child.on("exit", (code, signal) => log(`workerd exited code=${code} signal=${signal}`));
try {
  await sleep(1200);
  log("warm loaded a:", await get(`${MAIN}/loaded/a/ok`));
  const ws = new WebSocket(`ws://${INSPECT}/${target}`);
  await new Promise((r) => ws.on("open", r));
  let next = 1;
  const waiting = new Map();
  ws.on("message", (d) => {
    const m = JSON.parse(String(d));
    if (waiting.has(m.id)) {
      waiting.get(m.id)(m);
      waiting.delete(m.id);
    } else if (m.id !== undefined) log("    late answer:", String(d).slice(0, 200));
  });
  const send = (method, params = {}) => {
    const id = next++;
    ws.send(JSON.stringify({ id, method, params }));
    return Promise.race([
      new Promise((r) => waiting.set(id, r)),
      sleep(5000).then(() => ({ timeout: 5000 })),
    ]);
  };
  log("attached to", target, "Runtime.enable ->", JSON.stringify(await send("Runtime.enable")));
  log("(1) idle: Runtime.terminateExecution ->", JSON.stringify(await send("Runtime.terminateExecution")));
  log("    then loaded a ok:", await get(`${MAIN}/loaded/a/ok`));
  log("    then loaded a ok:", await get(`${MAIN}/loaded/a/ok`));
  log("    then main ok:", await get(`${MAIN}/ok`));
  log("(2) busy slices in loaded a");
  const busy = get(`${MAIN}/loaded/a/chunks`, 20000).then((r) => log("    chunks request:", r));
  await sleep(500);
  log("    other while slicing:", await get(`${OTHER}/`, 2000));
  const sent = Date.now();
  log(
    "    Runtime.terminateExecution ->",
    JSON.stringify(await send("Runtime.terminateExecution")),
    `(${Date.now() - sent} ms)`,
  );
  await Promise.race([busy, sleep(8000)]);
  log("    after: main ok:", await get(`${MAIN}/ok`));
  log("    after: other:", await get(`${OTHER}/`));
  log("    after: loaded a ok:", await get(`${MAIN}/loaded/a/ok`));
  log("    after: loaded a ok:", await get(`${MAIN}/loaded/a/ok`));
  log("    after: loaded b ok:", await get(`${MAIN}/loaded/b/ok`));
  ws.close();
} finally {
  child.kill("SIGKILL");
  await sleep(200);
}
