import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { connectUpstream } from "./upstream-connection.ts";

let server: Server | undefined;
afterEach(() => server?.close());

/** A stand-in for workerd that sends `parts` one at a time, the next once told the last was read. */
async function sender(parts: string[]): Promise<number> {
  server?.close();
  server = createServer((socket) => {
    socket.on("error", () => {});
    const next = () => {
      const part = parts.shift();
      if (part === undefined) socket.end();
      else socket.write(part);
    };
    socket.on("data", next);
    next();
  });
  return new Promise((done) =>
    server?.listen(0, "127.0.0.1", () => done((server?.address() as { port: number }).port)),
  );
}

describe("a relay's connection to workerd", () => {
  it("hands each chunk to its reader in one buffer shared by every connection", async () => {
    const views: Buffer[] = [];
    const texts: string[] = [];
    let current: Socket | undefined;
    const read = (chunk: Buffer) => {
      views.push(chunk);
      texts.push(chunk.toString());
      current?.write("read");
    };
    for (const parts of [["one", "two"], ["three"]]) {
      const port = await sender(parts);
      current = connectUpstream({ host: "127.0.0.1", port }, read);
      await new Promise((done) => current?.on("end", done));
      current.destroy();
    }
    expect(texts).toEqual(["one", "two", "three"]);
    expect(new Set(views.map((view) => view.buffer)).size).toBe(1);
    // Each view shows what the last read left there: a reader keeps a copy, never the view.
    expect(views.map((view) => view.toString())).toEqual(["thr", "thr", "three"]);
  });
});
