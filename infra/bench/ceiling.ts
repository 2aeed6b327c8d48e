import { createServer, type Socket } from "node:net";

/** Content-Length of a request's head, case-insensitively; 0 when absent (the bench sends no chunked body). */
function contentLength(head: string): number {
  const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  return match === null ? 0 : Number(match[1]);
}

const ANSWER = Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");

/**
 * Answers every complete request on the connection with the canned `hello` and keeps what is left over.
 * Only heads and Content-Length are read: no header map, no URL, no body decoding.
 */
function answerComplete(socket: Socket, pending: Buffer): Buffer {
  let rest = pending;
  for (;;) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) return rest;
    const total = end + 4 + contentLength(rest.toString("latin1", 0, end));
    if (rest.length < total) return rest;
    socket.write(ANSWER);
    rest = rest.subarray(total);
  }
}

/**
 * The load generator's own ceiling: a server that does next to nothing per request (a byte scan and a
 * canned answer), on the same loopback and the same 2 cores. A target whose rate comes near this one is
 * measuring wrk, not itself.
 */
export function startCeiling(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    let pending: Buffer = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      pending = answerComplete(socket, pending.length === 0 ? chunk : Buffer.concat([pending, chunk]));
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
