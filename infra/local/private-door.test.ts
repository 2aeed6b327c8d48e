import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openPrivateDoor, type PrivateDoor } from "./private-door.ts";

/** A stand-in for workerd that echoes what it was asked: method, path, Host and body. */
function echoServer(): Promise<Server> {
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };
  const server = createServer(async (request, response) => {
    const body = await read(request);
    response.writeHead(201, { "content-type": "application/json", "x-echo": "1" });
    response.end(
      JSON.stringify({ method: request.method, path: request.url, host: request.headers.host, body }),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("the launcher's private door", () => {
  let upstream: Server | undefined;
  let door: PrivateDoor | undefined;
  afterEach(async () => {
    await door?.close();
    upstream?.close();
  });

  it("sends requests on as the public origin, with their method, path and body", async () => {
    upstream = await echoServer();
    const { port } = upstream.address() as AddressInfo;
    door = await openPrivateDoor({ host: "127.0.0.1", port }, "127.0.0.1:2525");
    const body = JSON.stringify({ port: 4545, big: "x".repeat(200_000) });
    const answer = await fetch(`${door.url}/imposters?x=1`, { method: "PUT", body });
    expect(answer.status).toBe(201);
    expect(answer.headers.get("x-echo")).toBe("1");
    expect(await answer.json()).toEqual({
      method: "PUT",
      path: "/imposters?x=1",
      host: "127.0.0.1:2525",
      body,
    });
  });

  it("answers 502 when workerd is not there", async () => {
    upstream = await echoServer();
    const { port } = upstream.address() as AddressInfo;
    await new Promise((done) => upstream?.close(done));
    door = await openPrivateDoor({ host: "127.0.0.1", port }, "127.0.0.1:2525");
    expect((await fetch(door.url)).status).toBe(502);
  });
});
