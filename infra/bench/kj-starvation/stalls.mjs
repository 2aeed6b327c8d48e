// A closed loop of raw keep-alive connections, each sending its next GET as soon as the last answer is in,
// which reports the latency spread and the stalls: answers slower than STALL_MS, grouped by when they were
// sent (stalls sent within 25 ms of each other are one group). Usage:
//   node stalls.mjs <port or unix socket path> <path> [connections=50] [seconds=6]
// The answer must end with its body `hello` (the bench's stub), which is how an answer's end is found.
import { connect } from "node:net";

const [target = "", path = "/", connections = "50", seconds = "6"] = process.argv.slice(2);
const STALL_MS = 200;
const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: bench\r\n\r\n`);
const start = performance.now();
const latencies = [];
const stalls = [];

for (let c = 0; c < Number(connections); c++) {
  const socket = target.startsWith("/") ? connect(target) : connect(Number(target), "127.0.0.1");
  socket.setNoDelay(true);
  let sent = 0;
  let got = "";
  const next = () => {
    if (performance.now() - start > Number(seconds) * 1000) return socket.destroy();
    sent = performance.now();
    socket.write(request);
  };
  socket.on("connect", next);
  socket.on("data", (chunk) => {
    got += chunk.toString("latin1");
    if (!got.endsWith("hello")) return;
    got = "";
    const ms = performance.now() - sent;
    latencies.push(ms);
    if (ms > STALL_MS) stalls.push({ connection: c, sentAt: sent - start, ms });
    next();
  });
  socket.on("error", () => {});
}

setTimeout(
  () => {
    latencies.sort((a, b) => a - b);
    const at = (q) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? Number.NaN;
    const groups = [];
    for (const stall of stalls.sort((a, b) => a.sentAt - b.sentAt)) {
      const last = groups.at(-1);
      if (last !== undefined && stall.sentAt - last.sentAt < 25) last.connections.add(stall.connection);
      else groups.push({ sentAt: stall.sentAt, connections: new Set([stall.connection]), ms: stall.ms });
    }
    const fixed = (n) => n.toFixed(1);
    console.log(
      `answers ${latencies.length} in ${seconds} s; p50 ${fixed(at(0.5))} p90 ${fixed(at(0.9))} p99 ${fixed(at(0.99))} ` +
        `max ${fixed(latencies.at(-1) ?? Number.NaN)} ms; stalls over ${STALL_MS} ms: ${stalls.length}, in groups of ` +
        `[${groups.map((group) => group.connections.size).join(", ")}] connections`,
    );
    process.exit(0);
  },
  Number(seconds) * 1000 + 3000,
);
