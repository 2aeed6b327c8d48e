import { describe, expect, it } from "vitest";
import type { Layout } from "./layout.ts";
import { address, workerdArgs } from "./workerd-args.ts";

const layout: Layout = {
  workerd: "/bin/workerd",
  sockets: ["entry", "direct:0:default"],
  frontSocket: "direct:0:default",
  userCodeHost: "core:builtin:0:#USER_CODE_HOST",
  directories: { "do:storage": "do", "d1:storage": "d1" },
  migrations: "hash",
};
const run = {
  config: "/c/workerd.capnp.bin",
  host: "0.0.0.0",
  port: 2525,
  loopbackSocket: "/tmp/mockctl-front-x/loopback.sock",
  dataDir: "/data",
  userCodeSocket: "/tmp/mockctl-user-code-x/host.sock",
};

describe("workerd's command line for a cached build", () => {
  it("puts the front door on the asked address, Miniflare's entry on a free local port", () => {
    const args = workerdArgs(layout, run);
    expect(args).toContain("--socket-addr=direct:0:default=0.0.0.0:2525");
    expect(args).toContain("--socket-addr=entry=127.0.0.1:0");
  });

  it("puts the front door on a unix socket when given one (the keep-alive relay's upstream)", () => {
    const args = workerdArgs(layout, { ...run, frontPath: "/tmp/mockctl-front-x/front.sock" });
    expect(args).toContain("--socket-addr=direct:0:default=unix:/tmp/mockctl-front-x/front.sock");
    expect(args).toContain("--socket-addr=entry=127.0.0.1:0");
  });

  it("points the loopback at the launcher, the user-code host at its socket, and every disk service into the data folder", () => {
    const args = workerdArgs(layout, run);
    expect(args).toContain("--external-addr=loopback=unix:/tmp/mockctl-front-x/loopback.sock");
    expect(args).toContain(
      "--external-addr=core:builtin:0:#USER_CODE_HOST=unix:/tmp/mockctl-user-code-x/host.sock",
    );
    expect(args).toContain("--directory-path=do:storage=/data/do");
    expect(args).toContain("--directory-path=d1:storage=/data/d1");
    expect(args.slice(0, 2)).toEqual(["serve", "--binary"]);
    expect(args.at(-1)).toBe("/c/workerd.capnp.bin");
  });

  it.each([
    ["127.0.0.1", 0, "127.0.0.1:0"],
    ["localhost", 2525, "localhost:2525"],
    ["::1", 2525, "[::1]:2525"],
  ])("writes %s port %i as %s", (host, port, expected) => {
    expect(address(host, port)).toBe(expected);
  });
});
