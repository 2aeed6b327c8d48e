const HELLO = new TextEncoder().encode("hello");
const SKIP = new Set(["cf-connecting-ip", "x-real-ip"]);
const dec = new TextDecoder("utf-8", { ignoreBOM: true });
function copyHeaders(request) {
  const headers = [];
  request.headers.forEach((value, name) => {
    if (!SKIP.has(name)) headers.push([name, value]);
  });
  return headers;
}
function iterHeaders(request) {
  const headers = [];
  for (const [name, value] of request.headers) if (!SKIP.has(name)) headers.push([name, value]);
  return headers;
}
const V = {
  // floor
  a: (r) => (r.body === null ? new Response("hello") : r.text().then(() => new Response("hello"))),
  // arrayBuffer + decode
  b: (r) =>
    r.arrayBuffer().then((b) => {
      dec.decode(new Uint8Array(b));
      return new Response("hello");
    }),
  // + url
  c: (r) => {
    r.url;
    return r.text().then(() => new Response("hello"));
  },
  // + headers forEach copy
  d: (r) => {
    copyHeaders(r);
    return r.text().then(() => new Response("hello"));
  },
  // + headers iteration copy
  e: (r) => {
    iterHeaders(r);
    return r.text().then(() => new Response("hello"));
  },
  // + method
  f: (r) => {
    r.method;
    return r.text().then(() => new Response("hello"));
  },
  // bytes Response
  g: (r) => r.text().then(() => new Response(HELLO)),
  // bytes Response with status + 1 header
  h: (r) =>
    r
      .text()
      .then(() => new Response(HELLO, { status: 200, headers: [["content-type", "application/json"]] })),
  // no body read at all
  i: (_r) => new Response("hello"),
  m: (r) => {
    r.headers;
    return r.text().then(() => new Response("hello"));
  },
  n: (r) => {
    r.headers.forEach(() => {});
    return r.text().then(() => new Response("hello"));
  },
  o: (r) => {
    r.headers.has("x");
    return r.text().then(() => new Response("hello"));
  },
  p: (r) => {
    const _h = [...r.headers];
    return r.text().then(() => new Response("hello"));
  },
  q: (r) => {
    const _h = Object.fromEntries(r.headers);
    return r.text().then(() => new Response("hello"));
  },
  bom: (r) => r.text().then((t) => new Response(JSON.stringify([...t].map((c) => c.charCodeAt(0))))),
  bytes: (r) =>
    r.bytes().then((b) => {
      dec.decode(b);
      return new Response("hello");
    }),
  abo: (r) => r.arrayBuffer().then((_b) => new Response("hello")),
  byo: (r) => r.bytes().then((_b) => new Response("hello")),
  byjs: (r) =>
    r.bytes().then((b) => {
      let ok = true;
      for (let i = 0; i < b.length; i++)
        if (b[i] > 127) {
          ok = false;
          break;
        }
      const _s = ok ? String.fromCharCode.apply(null, b) : dec.decode(b);
      return new Response("hello");
    }),
  blob: (r) =>
    r
      .blob()
      .then((b) => b.text())
      .then(() => new Response("hello")),
  blobbom: (r) =>
    r
      .blob()
      .then((b) => b.text())
      .then((t) => new Response(JSON.stringify([...t].map((c) => c.charCodeAt(0))))),
  // everything natives of the platform
  j: (r) => {
    r.url;
    r.method;
    copyHeaders(r);
    const _nul = r.body === null;
    return r.arrayBuffer().then((b) => {
      dec.decode(new Uint8Array(b));
      return new Response(HELLO);
    });
  },
  // text with async fn
  k: async (r) => {
    await r.text();
    return new Response("hello");
  },
  // headers.get content-length only
  l: (r) => {
    r.headers.get("content-type");
    return r.text().then(() => new Response("hello"));
  },
};
export default {
  fetch(request) {
    const url = request.headers.get("x-v");
    return V[url](request);
  },
};
