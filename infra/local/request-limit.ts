/**
 * The most a request may carry into the local platform, head and body: Cloudflare's own limit on a request
 * body for most plans (100 MB), so a suite that passes locally is not refused when deployed. Without it a
 * single upload could take the shared workerd down: a body costs it about 2.5 times its size while a stub
 * reads it (three 900 MB uploads at once took it to 5 GB, and it kept 2 GB after).
 */
export const MAX_REQUEST_BYTES = 100 * 1024 * 1024;

/** mb's error envelope (printed as its Express app prints a body) for a request past `max` bytes. */
export function tooLargeBody(max: number): string {
  const errors = [
    {
      code: "limit exceeded",
      message: `the request is larger than the local platform takes (${max} bytes, head and body; Cloudflare takes a body of 100 MB on most plans)`,
      data: { limit: "maxRequestBytes", max },
    },
  ];
  return JSON.stringify({ errors }, null, 2);
}

/** The whole answer to such a request, as bytes on the wire: the connection closes after it. */
export function tooLargeAnswer(max: number): Buffer {
  const body = Buffer.from(tooLargeBody(max));
  const head =
    "HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json\r\n" +
    `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body]);
}
