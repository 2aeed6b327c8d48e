import { describe, expect, it } from "vitest";
import { Admission } from "./admission.ts";
import { AdmissionTurn } from "./admission-turn.ts";

/** A client connection's turn in `admission`'s line, and the bytes it sent on when its turn came. */
function turnIn(admission: Admission | undefined) {
  const sent: string[][] = [];
  const turn = new AdmissionTurn(admission, (chunks) => sent.push(chunks.map(String)));
  return { turn, sent };
}

const bytes = (text: string) => Buffer.from(text);

describe("a client connection's turn in the admission's line", () => {
  it("goes in at once while a place is free, and gives the place back when it leaves", () => {
    const admission = new Admission(1, { slowMs: 60_000 });
    const { turn, sent } = turnIn(admission);
    expect(turn.enter(bytes("GET"))).toBe(true);
    expect([turn.admitted, turn.waiting, admission.inside]).toEqual([true, false, 1]);
    turn.leave();
    expect([turn.admitted, admission.inside]).toEqual([false, 0]);
    expect(sent).toEqual([]);
  });

  it("holds a request's bytes while it waits, and sends them on in order at its turn", () => {
    const admission = new Admission(1, { slowMs: 60_000 });
    const first = turnIn(admission);
    const second = turnIn(admission);
    first.turn.enter(bytes("one"));
    expect(second.turn.enter(bytes("two a"))).toBe(false);
    second.turn.add(bytes("two b"));
    expect([second.turn.waiting, second.turn.admitted]).toEqual([true, false]);
    first.turn.leave();
    expect(second.sent).toEqual([["two a", "two b"]]);
    expect([second.turn.waiting, second.turn.admitted, admission.inside]).toEqual([false, true, 1]);
  });

  it("asks for the client to stop being read once the waiting bytes pass 64 KiB", () => {
    const admission = new Admission(1, { slowMs: 60_000 });
    turnIn(admission).turn.enter(bytes("one"));
    const { turn } = turnIn(admission);
    turn.enter(Buffer.alloc(32 * 1024));
    expect(turn.add(Buffer.alloc(32 * 1024))).toBe(false);
    expect(turn.add(bytes("x"))).toBe(true);
  });

  it("takes no place once withdrawn, nor when its connection goes while it waits", () => {
    const admission = new Admission(1, { slowMs: 60_000 });
    const first = turnIn(admission);
    const gone = turnIn(admission);
    const closed = turnIn(admission);
    first.turn.enter(bytes("one"));
    gone.turn.enter(bytes("two"));
    closed.turn.enter(bytes("three"));
    gone.turn.withdraw();
    closed.turn.leave();
    expect([gone.turn.waiting, closed.turn.waiting, admission.waiting]).toEqual([false, false, 0]);
    first.turn.leave();
    expect([gone.sent, closed.sent, admission.inside]).toEqual([[], [], 0]);
  });

  it("lets every request in without an admission", () => {
    const { turn } = turnIn(undefined);
    expect(turn.enter(bytes("GET"))).toBe(true);
    expect([turn.admitted, turn.waiting]).toEqual([false, false]);
    turn.leave();
  });
});
