import { ownPortAddress, resolveAddress } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { ADDRESSES_KEPT, addressOf, LONGEST_KEPT } from "./addresses.ts";

const ZONE = "mocks.example";

describe("addressOf", () => {
  it.each([
    ["by path", "http://127.0.0.1:8787/i/4545/users?page=2", null],
    ["by path, the prefix alone", "http://127.0.0.1:8787/i/4545", null],
    ["by path in a workspace", "http://127.0.0.1:8787/w/team-a/i/4545/users", null],
    ["by host", "https://4545.mocks.example/users", null],
    ["by host in a workspace", "https://4545.team-a.mocks.example/users", null],
    ["the admin API", "http://127.0.0.1:8787/imposters", null],
    ["a workspace that is not an id", "http://127.0.0.1:8787/w/Not_An_Id/i/4545/", null],
    ["forwarded from its own port", "http://localhost:4545/i/4545/users", "4545"],
    ["forwarded from another port", "http://localhost:4545/i/4545/users", "4546"],
    ["forwarded, a workspace's path", "http://localhost:4545/w/team-a/i/4545/users", "4545"],
  ])("%s: what the contract's functions give, asked once or twice", (_, href, ownPort) => {
    const expected = ownPort === null ? resolveAddress(href, ZONE) : ownPortAddress(href, ownPort);
    expect(addressOf(href, ZONE, ownPort)).toEqual(expected);
    expect(addressOf(href, ZONE, ownPort)).toEqual(expected);
  });

  it("gives the same frozen address to every request for a URL", () => {
    const href = "http://127.0.0.1:8787/i/4545/same";
    const first = addressOf(href, ZONE, null);
    expect(addressOf(href, ZONE, null)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it("keeps a forwarded request's address apart from the same URL's by path", () => {
    const href = "http://localhost:4545/i/4545/apart";
    expect(addressOf(href, ZONE, "4545")?.onAdminOrigin).toBe(false);
    expect(addressOf(href, ZONE, null)?.onAdminOrigin).toBe(true);
    expect(addressOf(href, ZONE, "4546")).toBeNull();
  });

  it("reads a URL again for another zone", () => {
    const href = "https://4545.mocks.example/zone";
    expect(addressOf(href, ZONE, null)?.port).toBe(4545);
    expect(addressOf(href, "other.example", null)).toBeNull();
    expect(addressOf(href, ZONE, null)?.port).toBe(4545);
  });

  it("starts over after ADDRESSES_KEPT URLs, and keeps no URL longer than LONGEST_KEPT", () => {
    const href = "http://127.0.0.1:8787/i/4545/first";
    const first = addressOf(href, ZONE, null);
    for (let i = 0; i < ADDRESSES_KEPT; i++) addressOf(`http://127.0.0.1:8787/i/4545/${i}`, ZONE, null);
    const again = addressOf(href, ZONE, null);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    const long = `http://127.0.0.1:8787/i/4545/${"x".repeat(LONGEST_KEPT)}`;
    expect(addressOf(long, ZONE, null)).not.toBe(addressOf(long, ZONE, null));
    expect(addressOf(long, ZONE, null)?.target).toBe(`/${"x".repeat(LONGEST_KEPT)}`);
  });

  it("keeps nothing under an own-port header longer than a port", () => {
    // Another zone and back: the cache starts over, so only what this test keeps counts.
    addressOf("http://127.0.0.1:8787/", "other.example", null);
    const href = "http://127.0.0.1:8787/i/4545/kept";
    const kept = addressOf(href, ZONE, null);
    for (let i = 0; i < ADDRESSES_KEPT; i++) {
      expect(addressOf("http://localhost:4545/i/4545/", ZONE, `4545${"0".repeat(i + 2)}`)).toBeNull();
    }
    expect(addressOf(href, ZONE, null)).toBe(kept);
  });
});
