import { readFileSync } from "node:fs";
import { request as plainRequest } from "node:http";
import { type RequestOptions, request } from "node:https";
import type { TLSSocket } from "node:tls";
import { freePort, type MbProcess, startMountebank } from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPlatform } from "./platform.ts";
import { platformForTests } from "./platform-for-tests.ts";

/**
 * An https imposter's own port speaks TLS on the local platform as it does on mb 2.9.1 (httpsServer.js): the
 * same imposters go to mb and to the platform, and the same clients must get the same outcome from both.
 */
const pem = (name: string) => readFileSync(new URL(`./test-tls/${name}.pem`, import.meta.url), "utf8");
const platform = platformForTests("https-ports", { imposterPorts: true, log: () => {} });
let mb: MbProcess | undefined;

beforeAll(async () => {
  mb = await startMountebank();
});
afterAll(async () => {
  await mb?.stop();
});

const admins = () => ({ mb: `http://127.0.0.1:${mb!.adminPort}`, platform: platform.url });

async function createOn(admin: string, imposter: Record<string, unknown>): Promise<number> {
  const created = await fetch(`${admin}/imposters`, { method: "POST", body: JSON.stringify(imposter) });
  await created.body?.cancel();
  return created.status;
}

/** The same imposter on mb and on the platform, each on a port of its own: [mb's port, the platform's]. */
async function both(imposter: Record<string, unknown>): Promise<{ mb: number; platform: number }> {
  const ports = { mb: await freePort(), platform: await freePort() };
  expect(await createOn(admins().mb, { ...imposter, port: ports.mb })).toBe(201);
  expect(await createOn(admins().platform, { ...imposter, port: ports.platform })).toBe(201);
  return ports;
}

const answering = (body: string, extra: Record<string, unknown> = {}) => ({
  protocol: "https",
  ...extra,
  stubs: [{ responses: [{ is: { body } }] }],
});

/** One HTTPS GET on a fresh connection: status, body and the server certificate's CN, or the error's code. */
function tlsGet(port: number, options: RequestOptions = {}): Promise<string> {
  return new Promise((resolve) => {
    const asked = request(
      { host: "127.0.0.1", port, path: "/", agent: false, rejectUnauthorized: false, ...options },
      (answer) => {
        const cn = (answer.socket as TLSSocket).getPeerCertificate().subject?.CN;
        let body = "";
        answer.on("data", (chunk: Buffer) => {
          body += chunk.toString();
        });
        answer.on("end", () => resolve(`${answer.statusCode} ${body} (${cn})`));
      },
    );
    asked.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    asked.end();
  });
}

/** A plain-http GET: either side's TLS server answers 400 or nothing. */
function plainGet(port: number): Promise<string> {
  return new Promise((resolve) => {
    const asked = plainRequest({ host: "127.0.0.1", port, path: "/", agent: false }, (answer) => {
      answer.resume();
      resolve(String(answer.statusCode));
    });
    asked.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    asked.end();
  });
}

describe("an https imposter's own port", () => {
  it("speaks TLS with the built-in pair when the imposter names none, as mb does with its own", async () => {
    const ports = await both(answering("secure"));
    expect(await tlsGet(ports.platform)).toBe("200 secure (localhost)");
    expect(await tlsGet(ports.mb)).toBe("200 secure (mountebank)");
    // Verified against the built-in certificate: it names localhost and 127.0.0.1.
    const ca = (await import("./default-tls.ts")).DEFAULT_TLS_CERT;
    expect(await tlsGet(ports.platform, { rejectUnauthorized: true, ca })).toBe("200 secure (localhost)");
    expect(await plainGet(ports.platform)).toBe(await plainGet(ports.mb));
  });

  it("serves the imposter's own key and cert", async () => {
    const ports = await both(answering("own", { key: pem("own-key"), cert: pem("own-cert") }));
    expect(await tlsGet(ports.platform)).toBe("200 own (own-cert.test)");
    expect(await tlsGet(ports.mb)).toBe("200 own (own-cert.test)");
  });

  it("asks no client certificate for mutualAuth alone", async () => {
    const ports = await both(answering("m", { mutualAuth: true }));
    expect(await tlsGet(ports.platform)).toBe("200 m (localhost)");
    expect(await tlsGet(ports.mb)).toBe("200 m (mountebank)");
  });

  it("refuses a client without a certificate for mutualAuth with rejectUnauthorized, as mb's TLS does", async () => {
    const ports = await both(
      answering("m", { mutualAuth: true, rejectUnauthorized: true, ca: pem("ca-cert") }),
    );
    const refusal = await tlsGet(ports.mb);
    expect(refusal).not.toMatch(/^200/);
    expect(await tlsGet(ports.platform)).toBe(refusal);
  });

  it("lets in a client whose certificate the imposter's ca signed", async () => {
    const fields = { mutualAuth: true, rejectUnauthorized: true, ca: pem("ca-cert") };
    const ports = await both(answering("client ok", fields));
    const client = { key: pem("client-key"), cert: pem("client-cert") };
    expect(await tlsGet(ports.platform, client)).toBe("200 client ok (localhost)");
    expect(await tlsGet(ports.mb, client)).toBe("200 client ok (mountebank)");
  });

  it("is bound anew when an imposter of the other protocol replaces it on the same port", async () => {
    const port = await freePort();
    const put = (protocol: string) =>
      fetch(`${platform.url}/imposters`, {
        method: "PUT",
        body: JSON.stringify({
          imposters: [{ protocol, port, stubs: [{ responses: [{ is: { body: protocol } }] }] }],
        }),
      });
    expect((await put("http")).status).toBe(200);
    expect(await plainGet(port)).toBe("200");
    expect((await put("https")).status).toBe(200);
    expect(await tlsGet(port)).toBe("200 https (localhost)");
    expect((await put("http")).status).toBe(200);
    expect(await plainGet(port)).toBe("200");
  });

  it.each([
    ["a key that is no PEM", { key: "not a key", cert: "nope" }],
    ["a key that is not the cert's", { key: pem("own-key"), cert: pem("client-cert") }],
    ["a cipher list OpenSSL has none of", { ciphers: "nonsense" }],
  ])("refuses %s with mb's 400 and OpenSSL's reason, and creates nothing", async (_, fields) => {
    const ports = { mb: await freePort(), platform: await freePort() };
    const post = async (admin: string, port: number) => {
      const answer = await fetch(`${admin}/imposters`, {
        method: "POST",
        body: JSON.stringify({ protocol: "https", port, ...fields }),
      });
      const { errors } = (await answer.json()) as { errors: Array<Record<string, unknown>> };
      return { status: answer.status, error: errors[0] };
    };
    const theirs = await post(admins().mb, ports.mb);
    const ours = await post(admins().platform, ports.platform);
    expect(theirs.status).toBe(400);
    expect(ours.status).toBe(400);
    // mb answers Node's error as it is; ours is in the platform's envelope, OpenSSL's fields in `data`.
    const { library, reason, code } = theirs.error!;
    expect(ours.error).toMatchObject({ code: "bad data", data: { library, reason, code } });
    expect(String(ours.error!.message)).toMatch(
      new RegExp(`^https imposter ${ports.platform}: OpenSSL cannot use`),
    );
    const message = String(ours.error!.message);
    expect(message.endsWith("not a file's path)")).toBe("key" in fields && fields.key === "not a key");
    expect((await fetch(`${platform.url}/imposters/${ports.platform}`)).status).toBe(404);
    expect(await tlsGet(ports.platform)).toBe("ECONNREFUSED");
  });

  it("refuses a PUT /imposters holding one unreadable https imposter, keeping the imposters it had", async () => {
    const kept = await freePort();
    expect(await createOn(platform.url, { ...answering("still here"), port: kept })).toBe(201);
    const replaced = await fetch(`${platform.url}/imposters`, {
      method: "PUT",
      body: JSON.stringify({ imposters: [{ protocol: "https", port: await freePort(), key: "junk" }] }),
    });
    expect(replaced.status).toBe(400);
    expect(await tlsGet(kept)).toBe("200 still here (localhost)");
  });
});

describe("a restarted platform", () => {
  const kept = platformForTests("https-ports-restart", { imposterPorts: true, log: () => {} });

  it("listens on a kept https imposter's port with its TLS again", async () => {
    const port = await freePort();
    expect(
      await createOn(kept.url, {
        ...answering("kept", { cert: pem("own-cert"), key: pem("own-key") }),
        port,
      }),
    ).toBe(201);
    await kept.stop();
    const again = await startPlatform({ port: 0, dataDir: kept.dataDir, imposterPorts: true, log: () => {} });
    try {
      expect(await tlsGet(port)).toBe("200 kept (own-cert.test)");
    } finally {
      await again.stop();
    }
  });
});
