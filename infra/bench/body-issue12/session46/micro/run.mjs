// `node infra/bench/body-issue12/session46/micro/run.mjs`: workers/edge/bench/body-key.worker.ts (bundled
// here) on Miniflare, each op 200,000 times in one request, five rounds; prints the median ns a call from
// workerd's CPU time (/proc/<pid>/stat). Ops: JSON.parse of a fresh body, the parse's key (parsedFields),
// projectBody (the scan first), the scan alone, its validating pass, and the backslash check
// (BODY-PROFILE.md, section 46).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { timeOps } from "../../../workerd-loop.mjs";

const entry = new URL("../../../../../workers/edge/bench/body-key.worker.ts", import.meta.url);
const bundled = await build({
  entryPoints: [fileURLToPath(entry)],
  bundle: true,
  format: "esm",
  platform: "neutral",
  mainFields: ["module", "main"],
  // The core's user-code path names node:vm, which no op here reaches.
  external: ["vm", "node:*"],
  write: false,
});
const script = bundled.outputFiles[0]?.text ?? "";
const ops = ["none", "parse", "parsed", "project", "scan", "validate", "includes"];
await timeOps({ script, compatibilityFlags: ["nodejs_compat"] }, ops, 200_000);
