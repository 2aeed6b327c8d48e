const HEAD_END = Buffer.from("\r\n\r\n");
const HTTP_1 = Buffer.from(" HTTP/1.");
const LOSE = Buffer.from("lose");
const LOSE_CAPITALS = Buffer.from("LOSE");
const CONTINUE = Buffer.from("100-continue");
/** A request line past this is not looked at (the relay passes it on as it is). */
const MAX_LINE = 8192;

/**
 * Whether the request that starts `chunk` is served by Node's HTTP server rather than relayed to workerd as
 * bytes: an HTTP/1.0 request, or one that asks for the connection to close after its answer (`Connection:
 * close`, RFC 9112 9.6). workerd keeps every connection open and answers HTTP/1.0's keep-alive without the
 * `Connection: keep-alive` that version needs, so ApacheBench (HTTP/1.0), with `-k` or without, waited for
 * a close that never came and failed at its own timeout. Node's server does both as the RFC says. Also a
 * target that is not a path, which workerd cannot read, and `Expect: 100-continue`, which it does not answer.
 *
 * Asked of a connection's first bytes once they hold a whole head (keep-alive-relay.ts), reading the head only:
 * a request line that does not end in ` HTTP/1.x`, or a head longer than the chunk, answers false. `headEnd`
 * is where the head's blank line starts, when the caller has already looked (-1: not in the chunk).
 */
export function handedOver(chunk: Buffer, headEnd = chunk.indexOf(HEAD_END)): boolean {
  // Byte by byte in JavaScript: Buffer's indexOf and compare cross into C++ at about 100 ns a call. Asked of
  // a connection's first request only (the relay's keep-alive requests pay nothing).
  const end = Math.min(chunk.length, MAX_LINE);
  let space = -1;
  let cr = -1;
  for (let i = 0; i < end; i++) {
    const byte = chunk[i];
    if (byte === 0x0d) {
      cr = i;
      break;
    }
    if (byte === 0x20 && space < 0) space = i;
  }
  if (cr < 14 || space < 0 || !endsInHttp1(chunk, cr)) return false;
  // A target not in origin-form (`GET http://host/path`, as a client that takes us for its proxy sends;
  // `OPTIONS *`), which workerd answers 500 with a stack in the log.
  if (chunk[space + 1] !== 0x2f) return true;
  const minor = chunk[cr - 1];
  if (minor === 0x30) return true;
  if (minor !== 0x31) return false;
  if (headEnd < cr) return false;
  // "lose" finds `close` and `Close`, "LOSE" `CLOSE`: the spellings clients send (`cLoSe` is not looked for).
  if (said(chunk, cr, headEnd, LOSE, "connection", "close")) return true;
  if (said(chunk, cr, headEnd, LOSE_CAPITALS, "connection", "close")) return true;
  // `Expect: 100-continue` (curl's for a large or streamed upload): workerd sends no `100 Continue`, so curl
  // waited a second before each such body. Only asked of a request that is not a GET, which sends no body.
  return chunk[0] !== 0x47 && said(chunk, cr, headEnd, CONTINUE, "expect", "100-continue");
}

/**
 * Whether the head (between `cr` and `headEnd`) holds `bytes`, and a header `name` holding `token` says so.
 * Searched backwards from the head's end, so a body that follows in the chunk is never read.
 */
function said(
  chunk: Buffer,
  cr: number,
  headEnd: number,
  bytes: Buffer,
  name: string,
  token: string,
): boolean {
  return chunk.lastIndexOf(bytes, headEnd) > cr && headerSays(chunk, cr, headEnd, name, token);
}

/** Whether the request line ending at `cr` ends in ` HTTP/1.` and a digit. */
function endsInHttp1(chunk: Buffer, cr: number): boolean {
  for (let i = 0; i < HTTP_1.length; i++) if (chunk[cr - 9 + i] !== HTTP_1[i]) return false;
  return true;
}

/** Whether a header `name` of the head holds `token` (in any case, among others). */
function headerSays(chunk: Buffer, from: number, to: number, name: string, token: string): boolean {
  for (const line of chunk.toString("latin1", from, to).split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== name) continue;
    if (
      line
        .slice(colon + 1)
        .split(",")
        .some((one) => one.trim().toLowerCase() === token)
    ) {
      return true;
    }
  }
  return false;
}
