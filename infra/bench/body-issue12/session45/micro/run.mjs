// `node infra/bench/body-issue12/session45/micro/run.mjs`: worker.js on Miniflare, each op a million times in
// one request, five rounds; prints the median ns a call from workerd's CPU time (/proc/<pid>/stat).
import { fileURLToPath } from "node:url";
import { timeOps } from "../../../workerd-loop.mjs";

const ops = ["none", "url", "method", "headers", "get", "has", "body", "date", "weakMap", "concat", "key"];
ops.push("responseBytes", "responseString");
await timeOps({ scriptPath: fileURLToPath(new URL("./worker.js", import.meta.url)) }, ops, 1_000_000);
