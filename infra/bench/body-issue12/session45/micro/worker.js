// One request loops `n` times over one runtime call or step of a memo hit (`?op=<name>&n=<count>`), so that
// workerd's CPU over the request, read from /proc by run.mjs, gives the cost of one (BODY-PROFILE.md, 45).
const bytes = new TextEncoder().encode("user 24");
const answers = new Map();
for (let i = 0; i < 50; i++) answers.set(`POST /users\n{"user":{"id":"u-${i}","name":"Ann"}}`, { i });
const weak = new WeakMap();
const held = {};
weak.set(held, 1);

const OPS = {
  none: () => 1,
  url: (request) => request.url.length,
  method: (request) => request.method.length,
  headers: (request) => (request.headers === null ? 0 : 1),
  get: (_request, headers) => (headers.get("x-mockctl-own-port") === null ? 1 : 0),
  has: (_request, headers) => (headers.has("content-encoding") ? 1 : 0),
  body: (request) => (request.body === null ? 1 : 0),
  date: () => Date.now() & 1,
  weakMap: () => weak.get(held),
  concat: (request) => `${request.method} /users`.length,
  key: (request) => {
    const line = `${request.method} /users`;
    return answers.get(`${line}\n{"user":{"id":"u-24","name":"Ann"}}`) === undefined ? 0 : 1;
  },
  responseBytes: () => new Response(bytes).status,
  responseString: () => new Response("hello").status,
};

export default {
  fetch(request) {
    const params = new URL(request.url).searchParams;
    const op = OPS[params.get("op") ?? "none"] ?? OPS.none;
    const n = Number(params.get("n"));
    const headers = request.headers;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += op(request, headers);
    return new Response(String(sum));
  },
};
