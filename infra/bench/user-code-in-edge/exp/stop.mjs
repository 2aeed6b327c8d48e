// Drives one experiment: start workerd with the inspector, make a request loop, and try to stop it with
// CDP Runtime.terminateExecution from this (other) process. Prints a timeline in ms since start.
// usage: node stop.mjs <self|loaded> [attach-before|attach-during] [method]
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const WebSocket = require("ws");

const [where = "self", when = "attach-before", method = "Runtime.terminateExecution"] = process.argv.slice(2);
const MAIN = "http://127.0.0.1:18701",
  OTHER = "http://127.0.0.1:18702",
  INSPECT = "127.0.0.1:18709";
const t0 = Date.now();
const log = (...a) => console.log(String(Date.now() - t0).padStart(6), ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function get(url, ms = 1500) {
  const start = Date.now();
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(ms) });
    return `${r.status} ${(await r.text()).slice(0, 120)} (${Date.now() - start} ms)`;
  } catch (e) {
    return `FAILED ${e.name}: ${e.message} (${Date.now() - start} ms)`;
  }
}

function connect(target) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${INSPECT}/${target}`);
    const pending = new Map();
    let next = 1;
    ws.on("message", (data) => {
      const msg = JSON.parse(String(data));
      if (msg.id !== undefined && pending.has(msg.id)) {
        pending.get(msg.id)(msg);
        pending.delete(msg.id);
      } else if (msg.method !== "Runtime.consoleAPICalled") log("  event", String(data).slice(0, 160));
    });
    ws.on("open", () =>
      resolve({
        ws,
        send(method, params = {}, ms = 5000) {
          const id = next++;
          ws.send(JSON.stringify({ id, method, params }));
          return new Promise((done) => {
            pending.set(id, done);
            setTimeout(() => {
              if (!pending.has(id)) return;
              pending.delete(id);
              done({ timeout: ms });
            }, ms);
          });
        },
      }),
    );
    ws.on("error", reject);
  });
}

const child = spawn(
  new URL("../../../../node_modules/.bin/workerd", import.meta.url).pathname,
  ["serve", "--experimental", `--inspector-addr=${INSPECT}`, "config.capnp"],
  { stdio: ["ignore", "inherit", "inherit"] },
);
child.on("exit", (code, signal) => log(`workerd exited code=${code} signal=${signal}`));
try {
  await sleep(1200);
  const target = where === "self" ? "main" : "LOADER:a";
  const loopUrl = where === "self" ? `${MAIN}/loop-self` : `${MAIN}/loaded/a/loop`;
  if (where !== "self") log("warm loaded a:", await get(`${MAIN}/loaded/a/ok`));
  let cdp;
  if (when === "attach-before") {
    cdp = await connect(target);
    log(
      "attached to",
      target,
      "Runtime.enable ->",
      JSON.stringify(await cdp.send("Runtime.enable")).slice(0, 100),
    );
  }
  log("start loop", loopUrl);
  const looping = get(loopUrl, 15000).then((r) => log("loop request answered:", r));
  await sleep(300);
  log("other worker while looping:", await get(`${OTHER}/`, 700));
  if (when === "attach-during") {
    cdp = await Promise.race([connect(target), sleep(3000).then(() => null)]);
    log(cdp ? "attached during loop" : "attach during loop: no open within 3 s");
  }
  if (cdp) {
    log("send", method);
    const answer = await cdp.send(method, {}, 5000);
    log(method, "->", JSON.stringify(answer).slice(0, 200));
  }
  await Promise.race([looping, sleep(2000)]);
  log("after: main /ok:", await get(`${MAIN}/ok`));
  log("after: other:", await get(`${OTHER}/`));
  log("after: loaded a ok:", await get(`${MAIN}/loaded/a/ok`, 3000));
  log("after: loaded b ok:", await get(`${MAIN}/loaded/b/ok`, 3000));
  if (cdp)
    log(
      "after: Runtime.evaluate 1+1 ->",
      JSON.stringify(await cdp.send("Runtime.evaluate", { expression: "1+1" }, 3000)).slice(0, 200),
    );
  log("second loop + terminate:");
  const again = get(loopUrl, 8000).then((r) => log("second loop answered:", r));
  await sleep(300);
  if (cdp) log(method, "->", JSON.stringify(await cdp.send(method, {}, 4000)).slice(0, 200));
  await Promise.race([again, sleep(2000)]);
  log("after 2: main /ok:", await get(`${MAIN}/ok`), "| other:", await get(`${OTHER}/`));
  cdp?.ws.close();
} finally {
  child.kill("SIGKILL");
  await sleep(200);
}
