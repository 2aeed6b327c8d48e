/**
 * Which requests wait by design (a stub's `wait`, user code that waits, a proxy to a slow origin), learnt from
 * how long the same request line took inside workerd before. The line into workerd (admission.ts) lets more
 * in while such requests hold its places: they hold them without using a CPU, and a 20 ms `wait` under 64
 * connections got a third of mb's answers a second behind a line of 16.
 *
 * Time inside alone cannot tell them apart: on a machine busy with other work a plain stub's request waits
 * up to 80 ms for workerd's CPU. But the fastest of a request line's recent answers can: a plain stub's is
 * under a millisecond once in a while however busy the machine, a 20 ms wait's never is.
 */

/** The fastest recent answer of a request line that waits by design took at least this long (ms). */
export const DESIGNED_MS = 5;
/** How many answers of a request line are remembered; fewer than that and it is not judged. */
export const REMEMBERED = 8;
/** Request lines remembered at most: past this all are forgotten (paths with ids make new lines forever). */
export const MAX_LINES = 4_096;
/** Request lines are compared by their first this many bytes. */
const MAX_LINE_BYTES = 256;

const CRLF = Buffer.from("\r\n");

/** The request line at the start of a request's first chunk ("GET /wait/3 HTTP/1.1"). */
export function requestLine(chunk: Buffer): string {
  const end = chunk.indexOf(CRLF);
  return chunk.toString("latin1", 0, Math.min(end < 0 ? chunk.length : end, MAX_LINE_BYTES));
}

interface Answers {
  /** The last REMEMBERED times inside, in ms, as a ring. */
  times: number[];
  next: number;
}

export class DesignedWaits {
  readonly #lines = new Map<string, Answers>();

  /** Whether every one of the line's last REMEMBERED answers took DESIGNED_MS or more. */
  designed(line: string): boolean {
    const answers = this.#lines.get(line);
    if (answers === undefined || answers.times.length < REMEMBERED) return false;
    for (const ms of answers.times) if (ms < DESIGNED_MS) return false;
    return true;
  }

  record(line: string, ms: number): void {
    let answers = this.#lines.get(line);
    if (answers === undefined) {
      if (this.#lines.size >= MAX_LINES) this.#lines.clear();
      answers = { times: [], next: 0 };
      this.#lines.set(line, answers);
    }
    answers.times[answers.next] = ms;
    answers.next = (answers.next + 1) % REMEMBERED;
  }

  get size(): number {
    return this.#lines.size;
  }
}
