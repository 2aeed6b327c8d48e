import { request } from "node:http";
import { type AddressInfo, connect, type Server } from "node:net";
import { afterEach } from "vitest";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    // An HTTP server's kept connections would hold its close open; a plain one's are the test's to end.
    if ("closeAllConnections" in server && typeof server.closeAllConnections === "function") {
      server.closeAllConnections();
    }
    server.close();
  }
});

/** Listens on a free 127.0.0.1 port, closed after the test. */
export function listen(server: Server): Promise<number> {
  servers.push(server);
  return new Promise((done) =>
    server.listen(0, "127.0.0.1", () => done((server.address() as AddressInfo).port)),
  );
}

/** Writes `text` on one raw connection to `port`; resolves with what came back once it closed or went quiet. */
export function raw(port: number, text: string | Buffer, quietMs = 400): Promise<string> {
  return new Promise((resolve) => {
    let got = "";
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => socket.destroy(), quietMs);
    };
    socket.on("data", (chunk) => {
      got += chunk.toString("latin1");
      settle();
    });
    socket.on("close", () => resolve(got));
    settle();
  });
}

/** One GET on a fresh connection: the status and body, the socket's error code, or "no answer" after `ms`. */
export function get(port: number, path: string, ms = 10_000): Promise<string> {
  return new Promise((resolve) => {
    const asked = request({ host: "127.0.0.1", port, path, agent: false }, (answer) => {
      let body = "";
      answer.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      answer.on("end", () => resolve(`${answer.statusCode} ${body}`));
    });
    asked.setTimeout(ms, () => {
      asked.destroy();
      resolve("no answer");
    });
    asked.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    asked.end();
  });
}
