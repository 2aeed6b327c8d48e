import { DesignedWaits } from "./designed-waits.ts";

/** A request inside: when it went in (performance.now()), its request line, and whether that waits by design. */
interface Entry {
  at: number;
  line: string | undefined;
  designed: boolean;
}

/**
 * The requests the line into workerd (admission.ts) has let in, in the order they went in, and which of them
 * wait by design: learnt from how long their request lines took before (designed-waits.ts), as they leave.
 */
export class InsideRequests {
  readonly #entries = new Map<() => void, Entry>();
  readonly #waits = new DesignedWaits();
  #designed = 0;

  add(admit: () => void, line: string | undefined): void {
    const designed = line !== undefined && this.#waits.designed(line);
    if (designed) this.#designed++;
    this.#entries.set(admit, { at: performance.now(), line, designed });
  }

  /** False when `admit` was not inside (a second leave of the same request). */
  remove(admit: () => void): boolean {
    const entry = this.#entries.get(admit);
    if (entry === undefined) return false;
    this.#entries.delete(admit);
    if (entry.designed) this.#designed--;
    if (entry.line !== undefined) this.#waits.record(entry.line, performance.now() - entry.at);
    return true;
  }

  /** When the request inside longest went in; undefined with none inside. */
  oldestAt(): number | undefined {
    const oldest = this.#entries.values().next();
    return oldest.done === true ? undefined : oldest.value.at;
  }

  /** How many wait by design, or have been inside since `since` (performance.now()) or before. */
  held(since: number): number {
    let held = 0;
    for (const { at, designed } of this.#entries.values()) {
      if (at <= since || designed) held++;
      // The map keeps the order of entry: past the ones inside that long, only designed ones would count.
      else if (this.#designed === 0) break;
    }
    return held;
  }

  get designed(): number {
    return this.#designed;
  }

  get size(): number {
    return this.#entries.size;
  }
}
