import { statSync } from "node:fs";
import { request } from "node:http";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { startLoopback } from "./loopback.ts";

/** A request as Miniflare's custom-service worker sends it to the loopback, naming the binding. */
function ask(socketPath: string, binding: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { "mf-custom-fetch-service": `0#${binding}`, "mf-original-url": "http://x/read?path=a" };
    const asked = request({ socketPath, path: "/read?path=a", headers }, (answer) => {
      let body = "";
      answer.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      answer.on("end", () => resolve(`${answer.statusCode} ${body}`));
    });
    asked.on("error", reject);
    asked.end();
  });
}

describe("the launcher's loopback", () => {
  it("serves its bindings on a unix socket in a folder only this user may enter, not on a TCP port", async () => {
    const loopback = await startLoopback({
      FILES: async (req) => new Response(`read ${new URL(req.url).search}`),
    });
    try {
      expect(statSync(loopback.path).isSocket()).toBe(true);
      expect(statSync(dirname(loopback.path)).mode & 0o777).toBe(0o700);
      expect(await ask(loopback.path, "FILES")).toBe("200 read ?path=a");
      expect(await ask(loopback.path, "OTHER")).toMatch(/^404 /);
    } finally {
      await loopback.close();
    }
    expect(() => statSync(dirname(loopback.path))).toThrow();
  });
});
