import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { type ExchangeCase, get, predicateCase as p, post } from "./case-types.ts";

const encoded = (body: Uint8Array, encoding: string) =>
  post("/", body, [
    ["Content-Encoding", encoding],
    ["Content-Type", "application/json"],
  ]);
const bytes = (buffer: Buffer) => new Uint8Array(buffer);
const payload = JSON.stringify({ hello: "world" });

/** How a raw HTTP request becomes the fields predicates see (reference §1.4). */
export const requestCases: ExchangeCase[] = [
  p("path keeps percent-encoding", [{ equals: { path: "/a b" } }], [[get("/a%20b"), false]]),
  p(
    "path equals its encoded form",
    [{ equals: { path: "/a%20b" } }],
    [
      [get("/a%20b"), true],
      [get("/a%2520b"), false],
    ],
  ),
  p(
    "path keeps an encoded slash",
    [{ equals: { path: "/a%2Fb" } }],
    [
      [get("/a%2Fb"), true],
      [get("/a/b"), false],
    ],
  ),
  p(
    "path with encoded UTF-8 compares folded",
    [{ equals: { path: "/caf%C3%A9" } }],
    [
      [get("/caf%c3%a9"), true],
      [get("/cafe"), false],
    ],
  ),
  p(
    "path dot segments are resolved",
    [{ equals: { path: "/a/c" } }],
    [
      [get("/a/b/../c"), true],
      [get("/a/./c"), true],
      [get("/a/b/c"), false],
    ],
  ),
  p(
    "path excludes the query",
    [{ equals: { path: "/q" } }],
    [
      [get("/q?x=1"), true],
      [get("/q/x"), false],
    ],
  ),
  p(
    "a repeated query key meets an AND of two of its values",
    [{ equals: { query: { q: "a" } } }, { equals: { query: { q: "b" } } }],
    [
      [get("/?q=a&q=b"), true],
      [get("/?q=b&q=a"), true],
      [get("/?q=a"), false],
    ],
  ),
  p(
    "query + is a space",
    [{ equals: { query: { q: "a b" } } }],
    [
      [get("/?q=a+b"), true],
      [get("/?q=a%20b"), true],
      [get("/?q=a%2Bb"), false],
    ],
  ),
  p(
    "query %2B is a plus",
    [{ equals: { query: { q: "a+b" } } }],
    [
      [get("/?q=a%2Bb"), true],
      [get("/?q=a+b"), false],
    ],
  ),
  p(
    "query keys are percent-decoded",
    [{ equals: { query: { "a b": "c" } } }],
    [
      [get("/?a%20b=c"), true],
      [get("/?ab=c"), false],
    ],
  ),
  p(
    "query UTF-8 values are decoded",
    [{ equals: { query: { q: "café" } } }],
    [
      [get("/?q=caf%C3%A9"), true],
      [get("/?q=cafe"), false],
    ],
  ),
  p(
    "query malformed escapes are kept",
    [{ equals: { query: { q: "%zz" } } }],
    [
      [get("/?q=%ZZ"), true],
      [get("/?q=zz"), false],
    ],
  ),
  p(
    "method is kept as sent",
    [{ equals: { method: "PATCH" } }],
    [
      [{ method: "PATCH", path: "/", body: "x" }, true],
      [{ method: "DELETE", path: "/" }, false],
    ],
  ),
  p(
    "a gzip request body is decoded",
    [{ equals: { body: { hello: "world" } } }],
    [
      [encoded(bytes(gzipSync(payload)), "gzip"), true],
      [encoded(bytes(gzipSync('{"hello":"moon"}')), "gzip"), false],
    ],
  ),
  p(
    "a brotli request body is decoded",
    [{ contains: { body: "world" } }],
    [
      [encoded(bytes(brotliCompressSync(payload)), "br"), true],
      [encoded(bytes(brotliCompressSync("moon")), "br"), false],
    ],
  ),
  p(
    "a deflate request body is not decoded",
    [{ contains: { body: "world" } }],
    [
      [encoded(bytes(deflateSync(payload)), "deflate"), false],
      [post("/", payload), true],
    ],
  ),
  p(
    "a body that is not really gzip reads as empty",
    [{ equals: { body: "" } }],
    [
      [encoded(new TextEncoder().encode("plain"), "gzip"), true],
      [post("/", "plain"), false],
    ],
  ),
  p(
    "invalid UTF-8 body bytes become U+FFFD",
    [{ equals: { body: "\ufffdA" } }],
    [
      [post("/", new Uint8Array([0xff, 0x41])), true],
      [post("/", "A"), false],
    ],
  ),
  p(
    "request header names keep their case for caseSensitive",
    [{ exists: { headers: { "X-Case": true } }, caseSensitive: true }],
    [
      [get("/", [["X-Case", "1"]]), true],
      [get("/", [["x-case", "1"]]), false],
    ],
  ),
  p(
    "query brackets are part of the key",
    [{ equals: { query: { "a[]": "1" } } }],
    [
      [get("/?a[]=1"), true],
      [get("/?a=1"), false],
    ],
  ),
  p(
    "query keys differing in case collide, the last one wins",
    [{ equals: { query: { a: "2" } } }],
    [
      [get("/?a=1&A=2"), true],
      [get("/?A=2&a=1"), false],
    ],
  ),
  p(
    "header names differing in case collide, the last one wins",
    [{ equals: { headers: { "x-a": "2" } } }],
    [
      [
        get("/", [
          ["X-A", "1"],
          ["x-a", "2"],
        ]),
        true,
      ],
      [
        get("/", [
          ["x-a", "2"],
          ["X-A", "1"],
        ]),
        false,
      ],
    ],
  ),
];
