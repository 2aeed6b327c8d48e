import { afterEach, describe, expect, it } from "vitest";
import { type Supervised, supervise } from "./supervisor.ts";

// A child that answers HTTP and reports its port on fd 3 the way workerd's --control-fd does.
const CHILD = `
const server = require("node:http").createServer((_, res) => res.end("up " + process.pid));
server.listen(Number(process.argv[1]), "127.0.0.1", () => {
  const line = JSON.stringify({ event: "listen", socket: "http", port: server.address().port });
  require("node:fs").writeSync(3, line + "\\n");
});`;

let port = 0;
const spec = {
  name: "child",
  command: process.execPath,
  args: () => ["-e", CHILD, String(port)],
  sockets: ["http"],
};

async function restartedAfter(child: Supervised, kill: () => void): Promise<void> {
  kill();
  while (child.restarted === undefined) await new Promise((done) => setTimeout(done, 10));
  await child.restarted;
}

describe("the supervisor", () => {
  let child: Supervised | undefined;
  afterEach(async () => {
    await child?.stop();
    port = 0;
  });

  it("starts a child and learns the port it listens on from its control pipe", async () => {
    child = await supervise(spec);
    port = child.ports.get("http") ?? 0;
    expect(port).toBeGreaterThan(0);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe(`up ${child.pid()}`);
  });

  it("restarts a child that dies, on the same port", async () => {
    child = await supervise(spec);
    port = child.ports.get("http") ?? 0;
    const first = child.pid();
    await restartedAfter(child, () => process.kill(first ?? 0, "SIGKILL"));
    expect(child.pid()).not.toBe(first);
    expect(child.ports.get("http")).toBe(port);
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe(`up ${child.pid()}`);
  });

  it("stops a child for good: no restart after stop", async () => {
    child = await supervise(spec);
    const pid = child.pid();
    await child.stop();
    await new Promise((done) => setTimeout(done, 100));
    expect(child.restarted).toBeUndefined();
    expect(() => process.kill(pid ?? 0, 0)).toThrow();
  });
});
