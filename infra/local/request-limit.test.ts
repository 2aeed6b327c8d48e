import { Agent, request } from "node:http";
import { freePort } from "@mockctl/differential";
import { describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";
import { MAX_REQUEST_BYTES } from "./request-limit.ts";

const platform = platformForTests("request-limit", { imposterPorts: true, log: () => {} });

interface Sent {
  status: number;
  body: string;
}

/**
 * A chunked POST of `bytes` in 1 MiB chunks, written as fast as the socket takes them; `length` instead sends
 * a Content-Length header of that size and no body at all. Resolves with the answer, however early it comes.
 */
function post(url: string, bytes: number, length?: number): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers = length === undefined ? {} : { "content-length": String(length) };
    // A keep-alive agent: `agent: false` sends `Connection: close`, which the platform's port hands to Node's
    // server, and the byte relay's own limit would go untested.
    const agent = new Agent({ keepAlive: true });
    const sent = request(url, { method: "POST", headers, agent }, (answer) => {
      let body = "";
      answer.on("data", (chunk: Buffer) => {
        body += chunk.toString();
      });
      answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body }));
    });
    sent.on("error", reject);
    if (length !== undefined) return void sent.flushHeaders();
    const chunk = Buffer.alloc(1 << 20, "x");
    let left = bytes;
    const write = () => {
      while (left > 0 && !sent.destroyed) {
        left -= chunk.length;
        if (!sent.write(chunk)) return void sent.once("drain", write);
      }
      sent.end();
    };
    write();
  });
}

const limitError = {
  errors: [{ code: "limit exceeded", data: { limit: "maxRequestBytes", max: MAX_REQUEST_BYTES } }],
};

describe("the local platform's request limit", () => {
  it("answers a body past 100 MiB 413 in mb's envelope, on the platform's port and the imposter's own", async () => {
    const port = await freePort();
    const imposter = {
      protocol: "http",
      port,
      stubs: [{ predicates: [{ contains: { body: "needle" } }], responses: [{ is: { body: "found" } }] }],
    };
    const created = await fetch(`${platform.url}/imposters`, {
      method: "POST",
      body: JSON.stringify(imposter),
    });
    expect(created.status).toBe(201);
    const past = MAX_REQUEST_BYTES + (2 << 20);
    for (const url of [`${platform.url}/i/${port}/`, `http://127.0.0.1:${port}/`]) {
      const answer = await post(url, past);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject(limitError);
    }
    // Said up front on the imposter's port: refused before any of it is sent.
    const declared = await post(`http://127.0.0.1:${port}/`, 0, MAX_REQUEST_BYTES + 1);
    expect(declared.status).toBe(413);
    // A body under the limit is read whole, and the platform answers as before.
    const under = await post(`${platform.url}/i/${port}/`, 8 << 20);
    expect(under).toEqual({ status: 200, body: "" });
    const needle = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "a needle" });
    expect(await needle.text()).toBe("found");
  }, 60_000);
});
