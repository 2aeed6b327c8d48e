import { describe, expect, it } from "vitest";
import { isPortsUpdate, tlsOf } from "./imposter-ports.ts";

describe("isPortsUpdate", () => {
  it.each([
    [{ ports: [4545], stamp: 1 }, true],
    [{ ports: [4545, 4546], tls: { "4546": { mutualAuth: true } }, stamp: 2 }, true],
    [{ ports: [], tls: {}, stamp: 3 }, true],
    [{ ports: [4545], tls: [], stamp: 1 }, false],
    [{ ports: [4545], tls: { "4545": "cert" }, stamp: 1 }, false],
    [{ ports: [4545], tls: null, stamp: 1 }, false],
    [{ ports: [0], stamp: 1 }, false],
    [{ ports: [4545] }, false],
    [[4545], false],
  ])("%j → %s", (value, expected) => {
    expect(isPortsUpdate(value)).toBe(expected);
  });
});

describe("tlsOf", () => {
  it("keeps the fields Node's TLS server takes, with mb's upper-cased ciphers", () => {
    const imposter = {
      protocol: "https",
      port: 4545,
      key: "KEY",
      cert: "CERT",
      ca: ["A", "B"],
      mutualAuth: true,
      rejectUnauthorized: true,
      ciphers: "ecdhe-rsa-aes128-gcm-sha256",
      stubs: [],
    };
    expect(tlsOf(imposter)).toEqual({
      key: "KEY",
      cert: "CERT",
      ca: ["A", "B"],
      mutualAuth: true,
      rejectUnauthorized: true,
      ciphers: "ECDHE-RSA-AES128-GCM-SHA256",
    });
  });

  it("reads mb's printed defaults (ca null, false flags) and wrong types as absent", () => {
    expect(tlsOf({ mutualAuth: false, rejectUnauthorized: false, ca: null })).toEqual({});
    expect(tlsOf({ key: 1, cert: "", ca: [1], mutualAuth: "yes", ciphers: 3 })).toEqual({});
  });
});
