// `npx tsx load-tests/prepare.ts --admin <platform URL> [--api-key KEY] [--port-base 4600] [--no-load]`:
// readies a deployed platform for `k6 cloud run`. It creates the fixture imposters through the admin API
// (a dozen POSTs, no load) and writes the request plans the scripts read, then prints the commands.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { FIXTURES, type PortMap, SCENARIOS } from "./fixtures/scenarios.ts";
import { loadImposters } from "./runner/admin-client.ts";
import { writePlan } from "./runner/plan-file.ts";

const OUT = fileURLToPath(new URL("./results/tmp/cloud/", import.meta.url));

const { values } = parseArgs({
  options: {
    admin: { type: "string" },
    "api-key": { type: "string" },
    "port-base": { type: "string", default: "4600" },
    "no-load": { type: "boolean", default: false },
  },
});
if (values.admin === undefined) {
  console.error(
    "usage: npx tsx load-tests/prepare.ts --admin https://<platform> [--api-key KEY] [--port-base 4600] [--no-load]",
  );
  process.exit(2);
}
const admin = values.admin.replace(/\/$/, "");
const base = Number(values["port-base"]);
// On the platform a port is only the imposter's id, so fixed ones make the plans repeatable.
const ports: PortMap = new Map(FIXTURES.map((fixture, i) => [fixture.id, base + i]));

let loaded = ports;
if (!values["no-load"]) {
  const refused = await loadImposters(admin, FIXTURES, ports, values["api-key"]);
  for (const [id, why] of refused) console.error(`${id}: ${why}`);
  loaded = new Map([...ports].filter(([id]) => !refused.has(id)));
}
mkdirSync(OUT, { recursive: true });
const scripts = fileURLToPath(new URL("./scenarios/", import.meta.url));
for (const scenario of SCENARIOS.filter((candidate) => candidate.id !== "floor")) {
  const file = join(OUT, `${scenario.id}.json`);
  writePlan(file, scenario, "platform", loaded);
  console.log(
    `k6 cloud run -e CLOUD=1 -e BASE_URL=${admin} -e REQUESTS_FILE=${file} ${join(scripts, `${scenario.id}.js`)}`,
  );
}
