import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";

const dataDir = mkdtempSync(join(tmpdir(), "mockctl-front-socket-"));
let platform: Platform | undefined;
afterAll(async () => {
  await platform?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The workerd serving this data folder: its command line names the folder (--directory-path). */
function workerdOf(folder: string): number | undefined {
  const pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  const found = pids.find((pid) => {
    try {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      return argv.includes("workerd") && argv.includes(folder) && argv.includes("--socket-addr");
    } catch {
      return false;
    }
  });
  return found === undefined ? undefined : Number(found);
}

// Behind the relay workerd listens on a unix socket; a workerd that dies leaves the socket file behind, and
// the supervisor's restart must bind the same path again (or the relay's upstream is gone for good).
it("serves through the relay again after workerd is killed and restarted on its unix socket", async () => {
  platform = await startPlatform({ port: 0, dataDir });
  const imposter = { protocol: "http", port: 4545, stubs: [{ responses: [{ is: { body: "hello" } }] }] };
  await fetch(`${platform.url}/imposters`, { method: "POST", body: JSON.stringify(imposter) });
  const pid = workerdOf(dataDir);
  expect(pid).toBeDefined();
  process.kill(pid!, "SIGKILL");
  let answer = "";
  for (let tries = 0; tries < 40 && answer !== "hello"; tries++) {
    await new Promise((done) => setTimeout(done, 250));
    answer = await fetch(`${platform.url}/i/4545/`).then(
      (response) => response.text(),
      () => "",
    );
  }
  expect(answer).toBe("hello");
  expect(workerdOf(dataDir)).not.toBe(pid);
});
