// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${TOKEN}" is Mountebank's copy/lookup token syntax, not a template.
import { type ExchangeCase, get, json, predicateCase as p, post } from "./case-types.ts";

/**
 * Regular-expression features users rely on, on both of our engines (issue 15: patterns V8 provably
 * runs in linear time stay on V8, the rest run on the linear engine): anchors, classes, alternation,
 * lazy quantifiers, groups, `i` from caseSensitive, `except`, and copy's ignoreCase and multiline.
 */
export const regexPredicateCases: ExchangeCase[] = [
  p(
    "matches an unanchored pattern with quantifiers (linear engine)",
    [{ matches: { path: "/users/\\d+/orders" } }],
    [
      [get("/api/USERS/42/orders/7"), true],
      [get("/api/users/x/orders"), false],
    ],
  ),
  p(
    "matches alternation in a group",
    [{ matches: { path: "^/(cats|dogs)/\\d+$" } }],
    [
      [get("/Dogs/3"), true],
      [get("/birds/3"), false],
    ],
  ),
  p(
    "matches a lazy quantifier",
    [{ matches: { body: "^<.+?>$" } }],
    [
      [post("/", "<a><b>"), true],
      [post("/", "<a"), false],
    ],
  ),
  p(
    "matches a negated class is folded before it is negated",
    [{ matches: { body: "x[^a]+$" } }],
    [
      [post("/", "xbc"), true],
      [post("/", "xAa"), false],
    ],
  ),
  p(
    "matches dot stops at line breaks, \\s takes them",
    [{ matches: { body: "a.b|c\\sd" } }],
    [
      [post("/", "c\nd"), true],
      [post("/", "a\nb"), false],
    ],
  ),
  p(
    "matches a JSON body as text, unanchored",
    [{ matches: { body: '"sku":\\s*"sku-\\d+"' } }],
    [
      [json({ order: { sku: "SKU-12" } }), true],
      [json({ order: { sku: "x-12" } }), false],
    ],
  ),
  p(
    "matches a catastrophic pattern (answers at once here; mb needs a short input)",
    [{ matches: { path: "^/(a+)+$" } }],
    [
      [get("/aaaa"), true],
      [get("/aaaaaaaaaa!"), false],
    ],
  ),
  p(
    "except with a group and a quantifier",
    [{ equals: { path: "/orders" }, except: "(/(\\d+|x))+$" }],
    [
      [get("/orders/12/x"), true],
      [get("/order/12"), false],
    ],
  ),
];

const copy = (selector: string, options?: unknown) => ({
  copy: { from: "body", into: "${X}", using: { method: "regex", selector, ...(options ? { options } : {}) } },
});
const one = (name: string, behavior: unknown, body: string): ExchangeCase => ({
  name,
  imposter: { stubs: [{ responses: [{ is: { body: "[${X}] [${X}][1]" }, behaviors: [behavior] }] }] },
  requests: [post("/", body)],
});

export const regexCopyCases: ExchangeCase[] = [
  one(
    "copy regex multiline over CRLF lines",
    copy("^second.*$", { multiline: true }),
    "first\r\nsecond line\r\n",
  ),
  one("copy regex lazy group", copy("id=(.+?);"), "a id=7; id=8;"),
  one("copy regex optional group that takes no part", copy("v(\\d)?x"), "vx"),
  one("copy regex alternation, ignoreCase", copy("(cat|dog)s?", { ignoreCase: true }), "Two DOGS"),
];
