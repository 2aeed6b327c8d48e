// `node infra/bench/body-issue12/session45/micro/run.mjs`: worker.js on Miniflare, each op a million times in
// one request, five rounds; prints the median ns a call from workerd's CPU time (/proc/<pid>/stat).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";

const mf = new Miniflare({
  modules: true,
  scriptPath: fileURLToPath(new URL("./worker.js", import.meta.url)),
  compatibilityDate: "2026-04-20",
  unsafeDirectSockets: [{ host: "127.0.0.1", port: 2999 }],
  host: "127.0.0.1",
  port: 0,
});
await mf.ready;
const parentOf = (pid) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1];
const pid = readdirSync("/proc")
  .filter((name) => /^\d+$/.test(name))
  .find((name) => {
    try {
      return (
        readFileSync(`/proc/${name}/comm`, "utf8").trim() === "workerd" &&
        parentOf(name) === String(process.pid)
      );
    } catch {
      return false;
    }
  });
const cpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const ops = ["none", "url", "method", "headers", "get", "has", "body", "date", "weakMap", "concat", "key"];
ops.push("responseBytes", "responseString");
const n = 1_000_000;
const ns = Object.fromEntries(ops.map((op) => [op, []]));
for (let round = 0; round < 5; round++) {
  for (const op of ops) {
    await fetch(`http://127.0.0.1:2999/?op=${op}&n=1000`).then((r) => r.text());
    const before = cpuMs();
    await fetch(`http://127.0.0.1:2999/?op=${op}&n=${n}`).then((r) => r.text());
    ns[op].push(((cpuMs() - before) * 1e6) / n);
  }
}
for (const [op, values] of Object.entries(ns)) {
  values.sort((a, b) => a - b);
  console.log(
    `${op.padEnd(15)} ${Math.round(values[2])} ns a call (${Math.round(values[0])}–${Math.round(values[4])})`,
  );
}
await mf.dispose();
