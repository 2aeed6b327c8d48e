import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** A request that waits for its turn on its connection: told when it comes, and answered through `outgoing`. */
export interface Turn {
  readonly outgoing: ServerResponse;
  turnComes(): void;
}

/**
 * A connection's turns: the request that is in (sent on, or waiting for its body or in the platform's line,
 * until its answer closes), and the requests pipelined behind it, in the order they came, which is the order
 * Node's server answers them in. Kept per connection, so a request costs no object of its own for its turn.
 */
interface Turns {
  current: Turn | undefined;
  waiting: Turn[];
  /**
   * An answer closed (`this`, as Node's emitter calls a listener; each answer closes once): the current one's
   * gives the turn to the next request; one still waiting (its client gone before its turn) leaves the line.
   */
  closed: (this: ServerResponse) => void;
}

const turnsOf = new WeakMap<Socket, Turns>();

function turnsFor(socket: Socket): Turns {
  let turns = turnsOf.get(socket);
  if (turns === undefined) {
    const made: Turns = {
      current: undefined,
      waiting: [],
      closed(this: ServerResponse) {
        if (made.current?.outgoing !== this) {
          const at = made.waiting.findIndex((turn) => turn.outgoing === this);
          if (at >= 0) made.waiting.splice(at, 1);
          return;
        }
        const next = made.waiting.shift();
        made.current = next;
        if (next !== undefined) queueMicrotask(() => next.turnComes());
      },
    };
    turns = made;
    turnsOf.set(socket, turns);
  }
  return turns;
}

/**
 * Takes the request's turn as it comes: it is told (`turnComes`) once the answer before it on its connection
 * closed. Node's server takes pipelined requests at once, and ten pipelined 1 MiB answers per connection, all
 * in workerd at once for a client that read none, left workerd gigabytes larger.
 */
export function takeTurn(socket: Socket, forwarded: Turn): void {
  // The request's socket: a pipelined request's answer has none until the answers before it are done.
  const turns = turnsFor(socket);
  forwarded.outgoing.on("close", turns.closed);
  if (turns.current !== undefined) turns.waiting.push(forwarded);
  else {
    turns.current = forwarded;
    forwarded.turnComes();
  }
}
