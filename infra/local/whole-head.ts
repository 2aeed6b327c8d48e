import { linesEnd } from "./request-tidy.ts";

/** A request's head is held back until complete up to this size (workerd refuses a longer one anyway). */
const MAX_HELD_HEAD = 128 * 1024;

const HEAD_END = Buffer.from("\r\n\r\n");

/** A request's head while it is still incomplete: held back, so a half-sent head takes no admission place. */
export class WholeHead {
  #head: Buffer | undefined;
  /** Where the head that `take` last gave ends (its blank line), or -1 past MAX_HELD_HEAD. */
  end = -1;

  /** `tidy`: whether CR/LF before a request line is the last request's to drop (request-tidy.ts). */
  constructor(private readonly tidy: { readonly dropsLeadingLines: boolean }) {}

  /**
   * The bytes that start a request once its head is complete, or undefined while it is not: 900 connections
   * that each sent half a head held every place in the line (mb and Node's servers read a whole head first),
   * and a new client waited seconds. A head past MAX_HELD_HEAD goes on as it is, for workerd to refuse.
   */
  take(chunk: Buffer): Buffer | undefined {
    let whole = this.#head === undefined ? chunk : Buffer.concat([this.#head, chunk]);
    // CR/LF before a request line (a stray CRLF after the last body) is skipped, as Node's parser skips it.
    if ((whole[0] === 0x0d || whole[0] === 0x0a) && this.tidy.dropsLeadingLines) {
      whole = whole.subarray(linesEnd(whole));
    }
    this.end = whole.indexOf(HEAD_END);
    if (whole.length < MAX_HELD_HEAD && this.end < 0) {
      this.#head = whole.length > 0 ? whole : undefined;
      return undefined;
    }
    this.#head = undefined;
    return whole;
  }
}
