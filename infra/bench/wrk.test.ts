import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startFloor } from "../floor/floor.ts";
import type { Platform } from "../local/platform.ts";
import { encodeRequests, parseWrkOutput, runWrk, type WrkRequest, wrkFlags } from "./wrk.ts";

// Printed by wrk 4.1.0 (Debian) with summary.lua, against the floor.
const SAMPLE = `Running 1s test @ http://127.0.0.1:2612/
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.26ms    3.06ms  30.35ms   95.21%
    Req/Sec     7.13k     1.18k    9.77k    80.00%
  7091 requests in 1.00s, 574.76KB read
Requests/sec:   7087.56
Transfer/sec:    574.48KB

WRK_JSON {"requests":7091,"durationUs":1000486,"bytes":588553,"errors":{"connect":0,"read":0,"write":0,"status":0,"timeout":0},"latencyUs":{"mean":1260.3,"p50":639,"p99":19762,"max":30346}}
`;

describe("parseWrkOutput", () => {
  it("reads the totals summary.lua prints and works out requests per second", () => {
    const result = parseWrkOutput(SAMPLE);
    expect(result.requests).toBe(7091);
    expect(result.rps).toBeCloseTo(7087.57, 1);
    expect(result.latencyUs.p99).toBe(19762);
    expect(result.errors.status).toBe(0);
  });

  it("fails when wrk printed no summary", () => {
    expect(() => parseWrkOutput("unable to connect to 127.0.0.1:1 Connection refused")).toThrow(/no summary/);
  });

  it("states its flags the way wrk takes them", () => {
    expect(wrkFlags({ threads: 1, connections: 50, seconds: 10 })).toBe("-t1 -c50 -d10s");
  });
});

describe("runWrk", () => {
  it.each([
    "http://example.com/",
    "http://localhost:2525/",
    "http://10.0.0.1/",
  ])("refuses to load %s: only 127.0.0.1", (url) => {
    expect(() => runWrk(url, { threads: 1, connections: 1, seconds: 1 })).toThrow(/not 127\.0\.0\.1/);
  });

  const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;
  let floor: Platform | undefined;
  afterAll(() => floor?.stop());

  it.skipIf(!hasWrk)("loads the floor and counts its answers, sending the headers asked for", async () => {
    floor = await startFloor({ port: 0 });
    const result = await runWrk(`${floor.url}/`, {
      threads: 1,
      connections: 2,
      seconds: 1,
      headers: { "x-a": "1" },
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.errors).toEqual({ connect: 0, read: 0, write: 0, status: 0, timeout: 0 });
    expect(result.bytes / result.requests).toBeGreaterThan("hello".length);
  });

  it.skipIf(!hasWrk)("sends a body as a POST when one is asked for", async () => {
    const seen = new Set<string>();
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        seen.add(`${req.method} ${body}`);
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await runWrk(`http://127.0.0.1:${port}/`, {
        threads: 1,
        connections: 1,
        seconds: 1,
        body: '{"a":1}',
      });
      expect(result.requests).toBeGreaterThan(0);
      expect([...seen]).toEqual(['POST {"a":1}']);
    } finally {
      server.close();
    }
  });

  it.skipIf(!hasWrk)("sends a rotation too large for an environment variable, in its order", async () => {
    const rotation: WrkRequest[] = Array.from({ length: 6_000 }, (_, i) => ({
      method: "POST",
      path: `/orders/${i % 7}`,
      headers: { "x-seq": String(i) },
      body: JSON.stringify({ order: { id: i, sku: "sku-99" } }),
    }));
    // Linux refuses one environment string over 128 KiB (MAX_ARG_STRLEN).
    expect(encodeRequests(rotation).length).toBeGreaterThan(128 * 1024);
    const seen: string[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        seen.push(`${req.method} ${req.url} ${req.headers["x-seq"]} ${body}`);
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await runWrk(`http://127.0.0.1:${port}/`, {
        threads: 1,
        connections: 1,
        seconds: 1,
        requests: rotation,
      });
      const sent = rotation.map(
        ({ method, path, headers, body }) => `${method} ${path} ${headers?.["x-seq"]} ${body}`,
      );
      expect(seen.length).toBeGreaterThan(500);
      // The first request the script hands out is not sent (this wrk starts at the second): read the
      // order from wherever it starts.
      const start = sent.indexOf(seen[0] ?? "");
      expect(start).toBeGreaterThanOrEqual(0);
      expect(seen).toEqual(seen.map((_, i) => sent[(start + i) % sent.length]));
    } finally {
      server.close();
    }
  });
});
