// Times one runtime call or step at a time inside workerd: a Worker that loops `n` times over the op its
// request names (`/?op=<name>&n=<count>`) runs on Miniflare, and workerd's CPU time over each request, read
// from /proc/<pid>/stat, gives the cost of one call. Five rounds; prints each op's median ns a call (with the
// least and the most). Used by BODY-PROFILE.md's micro benchmarks (body-issue12/session45 and 46).
import { readdirSync, readFileSync } from "node:fs";
import { Miniflare } from "miniflare";

const PORT = 2999;

/** `worker`: Miniflare's module options for the looping Worker (scriptPath, or script). */
export async function timeOps(worker, ops, n) {
  const mf = new Miniflare({
    modules: true,
    ...worker,
    compatibilityDate: "2026-04-20",
    unsafeDirectSockets: [{ host: "127.0.0.1", port: PORT }],
    host: "127.0.0.1",
    port: 0,
  });
  await mf.ready;
  const pid = childWorkerd();
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  const ns = Object.fromEntries(ops.map((op) => [op, []]));
  for (let round = 0; round < 5; round++) {
    for (const op of ops) {
      await fetch(`http://127.0.0.1:${PORT}/?op=${op}&n=1000`).then((r) => r.text());
      const before = cpuMs();
      await fetch(`http://127.0.0.1:${PORT}/?op=${op}&n=${n}`).then((r) => r.text());
      ns[op].push(((cpuMs() - before) * 1e6) / n);
    }
  }
  for (const [op, values] of Object.entries(ns)) {
    values.sort((a, b) => a - b);
    const [least, median, most] = [values[0], values[2], values[4]].map(Math.round);
    console.log(`${op.padEnd(15)} ${median} ns a call (${least}–${most})`);
  }
  await mf.dispose();
}

/** The workerd process this one started. */
function childWorkerd() {
  const parentOf = (pid) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1];
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .find((name) => {
      try {
        const comm = readFileSync(`/proc/${name}/comm`, "utf8").trim();
        return comm === "workerd" && parentOf(name) === String(process.pid);
      } catch {
        return false;
      }
    });
}
