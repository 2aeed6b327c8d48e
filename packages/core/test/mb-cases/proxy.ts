import type { MbCase } from "./types.ts";
import { withResponses } from "./types.ts";

const proxyStub = (proxy: unknown) => ({ responses: [{ proxy }] });
const own = (proxy: unknown, message: string) => ({
  ours: [{ code: "bad data" as const, message, source: JSON.stringify(proxyStub(proxy)) }],
});
const one = (name: string, proxy: unknown, extra: Partial<MbCase> = {}) =>
  withResponses(name, [{ proxy }], extra);

/** What mb's dry-run proxy checks. */
export const PROXY_CASES: MbCase[] = [
  one("proxy without to", {}),
  one("proxy to with a path", { to: "http://localhost:1/abc" }),
  one("proxy to with a query", { to: "https://localhost:1?x=1", mode: "proxyAlways" }),
  one(
    "proxy to that is not a URL",
    { to: "nonsense" },
    own({ to: "nonsense" }, `invalid value for 'proxy.to': "nonsense" is not a URL`),
  ),
  one("proxy to a number", { to: 5 }, own({ to: 5 }, `invalid value for 'proxy.to': "5" is not a URL`)),
  one(
    "proxy to ftp",
    { to: "ftp://x/abc" },
    own({ to: "ftp://x/abc" }, "proxy.to must be an http or https URL, not 'ftp:'"),
  ),
  one(
    "a predicateGenerator without matches",
    { to: "http://localhost:1", predicateGenerators: [{}] },
    own(
      { to: "http://localhost:1", predicateGenerators: [{}] },
      "each predicateGenerator must have a 'matches' object or an 'inject'",
    ),
  ),
  one(
    "predicateGenerators as an object",
    { to: "http://localhost:1", predicateGenerators: {} },
    {
      mbCrashes: true,
      ...own(
        { to: "http://localhost:1", predicateGenerators: {} },
        "'proxy.predicateGenerators' must be an array",
      ),
    },
  ),
  one(
    "a predicateGenerator with a malformed except",
    { to: "http://localhost:1", predicateGenerators: [{ matches: { path: true }, except: "(" }] },
    {
      ours: [{ code: "bad data", source: { matches: { path: true }, except: "(" } }],
    },
  ),
  one("a full proxy", {
    to: "http://localhost:1",
    mode: "proxyOnce",
    predicateGenerators: [
      { matches: { query: true }, caseSensitive: true, ignore: { query: "t" } },
      { matches: { path: true, headers: { "X-Id": true } } },
    ],
    addWaitBehavior: true,
    injectHeaders: { "X-A": "1" },
  }),
  one(
    "an ignore that does not name every matched field",
    { to: "http://localhost:1", predicateGenerators: [{ matches: { path: true }, ignore: { query: "t" } }] },
    // mb's objFilter reads ignore.path, finds nothing and crashes in its dry run: a 400 with only `source`.
    { ours: "ok" },
  ),
  withResponses(
    "a copy with a malformed regex",
    [
      {
        is: {},
        behaviors: [{ copy: { from: "path", into: "X", using: { method: "regex", selector: "(" } } }],
      },
    ],
    {
      // mb skips behaviors in its dry run; the bad regex then fails every matching request with a 500.
      ours: [{ code: "bad data" }],
    },
  ),
  withResponses(
    "a copy with a malformed xpath",
    [
      {
        is: {},
        behaviors: [{ copy: { from: "body", into: "X", using: { method: "xpath", selector: "//[" } } }],
      },
    ],
    {
      ours: [{ code: "bad data" }],
    },
  ),
];
