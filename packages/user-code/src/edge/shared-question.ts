/**
 * A question to the launcher that every request of this isolate needing its answer shares: while one is
 * out, a caller waits for its answer instead of asking again.
 *
 * Why: past the platform's decorate rate every queued call ran past its deadline and asked whether the
 * host was stuck, up to 1,400 questions a second, each an HTTP request through the launcher, which cost
 * more than the calls themselves (infra/bench/user-code-hop/README.md, section 8).
 *
 * Shared state, never a shared promise: workerd cancels a request that awaits a promise only another
 * request can settle, so a waiter looks for the answer on a timer of its own.
 */
export class SharedQuestion<T> {
  #askedAt = Number.NEGATIVE_INFINITY;
  #heardAt = Number.NEGATIVE_INFINITY;
  #answer: T | undefined;

  /**
   * `maxMs`: longer than an answer takes; a question out longer than that lost its asker (a request
   * cancelled when its client left) and is asked again. `lookMs`: how often a waiter looks for the answer.
   */
  constructor(
    private readonly maxMs: number,
    private readonly lookMs: number,
  ) {}

  /** The last answer if it was heard within `ms`. */
  recent(ms: number): T | undefined {
    return Date.now() - this.#heardAt < ms ? this.#answer : undefined;
  }

  /** The answer of the question out, or of one `ask` puts when none is out. */
  async answer(ask: () => Promise<T>): Promise<T> {
    for (;;) {
      const asked = this.#askedAt;
      if (this.#heardAt >= asked || Date.now() - asked >= this.maxMs) break;
      while (this.#heardAt < asked && Date.now() - asked < this.maxMs) {
        await new Promise((done) => setTimeout(done, this.lookMs));
      }
      if (this.#heardAt >= asked) return this.#answer as T;
      // That question's asker is gone; another caller may have asked meanwhile.
    }
    this.#askedAt = Date.now();
    const answer = await ask();
    this.#heardAt = Date.now();
    this.#answer = answer;
    return answer;
  }
}
