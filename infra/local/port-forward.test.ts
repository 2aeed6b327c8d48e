import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Admission } from "./admission.ts";
import { forward } from "./port-forward.ts";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () => done((server.address() as AddressInfo).port)),
  );
}

/** A stand-in for workerd that answers each request after `ms`, and counts how many it held at once. */
async function slowWorkerd(ms: number) {
  const seen = { inside: 0, most: 0, paths: [] as string[] };
  const port = await listen(
    createServer((incoming, outgoing) => {
      seen.inside++;
      seen.most = Math.max(seen.most, seen.inside);
      seen.paths.push(incoming.url ?? "");
      setTimeout(() => {
        seen.inside--;
        outgoing.end("answered");
      }, ms);
    }),
  );
  return { port, seen };
}

function get(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path, agent: false }, (answer) => {
      let body = "";
      answer.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      answer.on("end", () => resolve(`${answer.statusCode} ${body}`));
    })
      .on("error", reject)
      .end();
  });
}

describe("an imposter's own port", () => {
  it("sends its requests into workerd through the platform's line, and every one is answered", async () => {
    const workerd = await slowWorkerd(50);
    const admission = new Admission(2);
    const via = { upstream: { host: "127.0.0.1", port: workerd.port }, agent: new Agent(), admission };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => get(own, `/n/${n}`)));
    expect(answers).toEqual(Array(8).fill("200 answered"));
    expect(workerd.seen.most).toBe(2);
    expect(workerd.seen.paths.sort()).toEqual(Array.from({ length: 8 }, (_, n) => `/i/4545/n/${n}`).sort());
    // Every place given back once its answer ended.
    expect([admission.inside, admission.waiting]).toEqual([0, 0]);
  });

  it("gives back the place of a client that leaves while it waits, taking none", async () => {
    const workerd = await slowWorkerd(100);
    const admission = new Admission(1);
    const via = { upstream: { host: "127.0.0.1", port: workerd.port }, agent: new Agent(), admission };
    const own = await listen(createServer((incoming, outgoing) => forward(4545, incoming, outgoing, via)));
    const first = get(own, "/first");
    await new Promise((done) => setTimeout(done, 20));
    const leaving = request({ host: "127.0.0.1", port: own, path: "/leaves", agent: false });
    leaving.on("error", () => {});
    leaving.end();
    await new Promise((done) => setTimeout(done, 20));
    leaving.destroy();
    expect(await first).toBe("200 answered");
    expect(await get(own, "/last")).toBe("200 answered");
    expect(workerd.seen.paths).toEqual(["/i/4545/first", "/i/4545/last"]);
    expect([admission.inside, admission.waiting]).toEqual([0, 0]);
  });
});
