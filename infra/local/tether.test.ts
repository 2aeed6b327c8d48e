import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { alive } from "./launcher-process.testing.ts";
import { type Tether, tetherKind } from "./tether.ts";

const TETHER = new URL("./tether.ts", import.meta.url).href;

/** A Node process standing in for the launcher: it starts `sleep` tethered (own group) and prints its pid. */
function parentScript(kind: Tether): string {
  return `import { spawnTethered } from ${JSON.stringify(TETHER)};
const child = spawnTethered("sleep", ["300"], { stdio: "ignore", detached: true }, ${JSON.stringify(kind)});
console.log(child.pid);
setInterval(() => {}, 1000);`;
}

async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40 && alive(pid); i++) await new Promise((done) => setTimeout(done, 50));
  return !alive(pid);
}

describe("a tethered child", () => {
  it("uses Linux's parent-death signal where setpriv has it", () => {
    expect(tetherKind()).toBe(process.platform === "linux" ? "pdeathsig" : "pipe");
  });

  it.each<Tether>(["pdeathsig", "pipe"])("is killed when its parent is SIGKILLed (%s)", async (kind) => {
    if (kind === "pdeathsig" && tetherKind() !== "pdeathsig") return;
    const parent = spawn(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", parentScript(kind)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const [line] = (await once(createInterface(parent.stdout), "line")) as [string];
    const child = Number(line);
    expect(alive(child)).toBe(true);
    parent.kill("SIGKILL");
    await once(parent, "exit");
    const killed = await gone(child);
    if (!killed) process.kill(child, "SIGKILL");
    expect(killed).toBe(true);
  });
});
