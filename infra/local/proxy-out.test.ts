import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { gzipSync } from "node:zlib";
import { encodeProxyTls, PROXY_BODY_LIMIT_BYTES, PROXY_TLS_HEADER } from "@mockctl/contract/proxy-out";
import { freePort, type MbProcess, startMountebank } from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";
import { proxyOutService } from "./proxy-out.ts";

/**
 * mb 2.9.1 proxies to an https origin without checking its certificate and with the proxy's own key and
 * cert; the local platform's edge sends such requests through the launcher (proxy-out.ts). The same
 * imposters go to mb and to the platform, and their clients must get the same answers.
 */
const pem = (name: string) => readFileSync(new URL(`./test-tls/${name}.pem`, import.meta.url), "utf8");
const platform = platformForTests("proxy-out", { log: () => {} });
let mb: MbProcess | undefined;
const origins: Server[] = [];

/** An https origin on a self-signed certificate; `mutual`: it lets in only clients the test CA signed. */
async function origin(mutual: boolean): Promise<number> {
  const options = mutual
    ? {
        key: pem("own-key"),
        cert: pem("own-cert"),
        ca: pem("ca-cert"),
        requestCert: true,
        rejectUnauthorized: true,
      }
    : { key: pem("own-key"), cert: pem("own-cert") };
  const server = createServer(options, (request, response) => {
    if (request.url === "/zipped") {
      response.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" });
      response.end(gzipSync("hello, zipped"));
      return;
    }
    if (request.url === "/huge") {
      // Far past the proxy's body limit, in pieces and without a length, as a stream would come.
      const piece = Buffer.alloc(1024 * 1024, "x");
      for (let i = 0; i < 64; i++) response.write(piece);
      response.end();
      return;
    }
    const peer = (request.socket as TLSSocket).getPeerCertificate();
    response.setHeader("set-cookie", ["a=1", "b=2"]);
    response.end(
      mutual ? `client ${peer.subject?.CN}` : `origin says hi to ${request.method} ${request.url}`,
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origins.push(server);
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  mb = await startMountebank();
});
afterAll(async () => {
  await mb?.stop();
  for (const server of origins) server.close();
});

/** The same proxy on mb and on the platform; each answers `path` once, status, body and cookies. */
async function viaBoth(proxy: Record<string, unknown>, path: string) {
  const answers: Record<string, string> = {};
  const targets = {
    mb: { admin: `http://127.0.0.1:${mb!.adminPort}`, at: (port: number) => `http://127.0.0.1:${port}` },
    platform: { admin: platform.url, at: (port: number) => `${platform.url}/i/${port}` },
  };
  for (const [name, target] of Object.entries(targets)) {
    const port = await freePort();
    const imposter = { protocol: "http", port, stubs: [{ responses: [{ proxy }] }] };
    const created = await fetch(`${target.admin}/imposters`, {
      method: "POST",
      body: JSON.stringify(imposter),
    });
    expect(created.status).toBe(201);
    const answer = await fetch(`${target.at(port)}${path}`, { method: "POST", body: "x" });
    const body = await answer.text();
    const cookies = answer.headers.getSetCookie().join("; ");
    answers[name] = answer.status === 200 ? `200 ${body} [${cookies}]` : String(answer.status);
  }
  return answers;
}

describe("a proxy to an https origin", () => {
  it("reaches an origin whose certificate is self-signed, as mb's does", async () => {
    const port = await origin(false);
    const answers = await viaBoth({ to: `https://localhost:${port}`, mode: "proxyAlways" }, "/hello?x=1");
    expect(answers.mb).toBe("200 origin says hi to POST /hello?x=1 [a=1; b=2]");
    expect(answers.platform).toBe(answers.mb);
  });

  it("gives a gzipped answer decoded to a client that reads it, as mb's", async () => {
    const port = await origin(false);
    const answers = await viaBoth({ to: `https://localhost:${port}` }, "/zipped");
    expect(answers.mb).toBe("200 hello, zipped []");
    expect(answers.platform).toBe(answers.mb);
  });

  it("presents the proxy's own key and cert to an origin that asks for one", async () => {
    const port = await origin(true);
    const identity = { key: pem("client-key"), cert: pem("client-cert") };
    const answers = await viaBoth({ to: `https://localhost:${port}`, ...identity }, "/");
    expect(answers.mb).toBe("200 client client [a=1; b=2]");
    expect(answers.platform).toBe(answers.mb);
  });

  it("refuses an answer past the proxy's body limit, which the launcher reads no further than that", async () => {
    const port = await origin(false);
    const imposter = await freePort();
    const proxy = { to: `https://localhost:${port}` };
    const stubs = [{ responses: [{ proxy }] }];
    await fetch(`${platform.url}/imposters`, {
      method: "POST",
      body: JSON.stringify({ protocol: "http", port: imposter, stubs }),
    });
    const answer = await fetch(`${platform.url}/i/${imposter}/huge`);
    expect(await answer.text()).toContain(`is larger than ${PROXY_BODY_LIMIT_BYTES} bytes`);
    // The launcher itself holds no more of the origin's 64 MiB than the limit and the chunk that passed it.
    const tls = encodeProxyTls({ limitMs: 5_000 });
    const held = await proxyOutService(
      new Request(`https://localhost:${port}/huge`, { headers: { [PROXY_TLS_HEADER]: tls } }),
    );
    const size = (await held.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(PROXY_BODY_LIMIT_BYTES);
    expect(size).toBeLessThan(PROXY_BODY_LIMIT_BYTES + 1024 * 1024);
    expect(held.headers.get("content-length")).toBeNull();
  });

  it("is refused by that origin without them, on both", async () => {
    const port = await origin(true);
    const answers = await viaBoth({ to: `https://localhost:${port}` }, "/");
    expect(answers.mb).not.toMatch(/^200/);
    expect(answers.platform).not.toMatch(/^200/);
  });
});
