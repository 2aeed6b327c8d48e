import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { takeTurn } from "./connection-turns.ts";

/** Requests on one connection that note when their turn comes; their answers close when told. */
function connection() {
  const socket = new EventEmitter() as unknown as Socket;
  const came: string[] = [];
  const request = (name: string) => {
    const outgoing = new EventEmitter();
    takeTurn(socket, { outgoing: outgoing as unknown as ServerResponse, turnComes: () => came.push(name) });
    return { close: () => outgoing.emit("close") };
  };
  return { came, request };
}

const ticks = () => new Promise((done) => setTimeout(done, 0));

describe("a connection's turns", () => {
  it("lets each request in once the answer before it closed, in the order they came", async () => {
    const { came, request } = connection();
    const [a, b, c] = [request("a"), request("b"), request("c")];
    expect(came).toEqual(["a"]);
    a.close();
    await ticks();
    expect(came).toEqual(["a", "b"]);
    b.close();
    await ticks();
    c.close();
    request("d");
    expect(came).toEqual(["a", "b", "c", "d"]);
  });

  it("takes a request whose answer closed before its turn out of the line, and lets no other in early", async () => {
    const { came, request } = connection();
    const [a, , c] = [request("a"), request("b"), request("c")];
    request("d");
    c.close();
    await ticks();
    expect(came).toEqual(["a"]);
    a.close();
    await ticks();
    expect(came).toEqual(["a", "b"]);
  });

  it("keeps the turns of two connections apart", async () => {
    const one = connection();
    const two = connection();
    one.request("a");
    two.request("x");
    expect([one.came, two.came]).toEqual([["a"], ["x"]]);
  });
});
