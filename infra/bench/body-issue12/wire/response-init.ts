// `npx tsx infra/bench/body-issue12/wire/response-init.ts <variants> <rounds>`: what `new Response` costs workerd
// per request for each way of giving it a body and headers (BODY-PROFILE.md, section 13). One Worker, a
// variant per path, loaded with `wrk -t1 -c50` in turn; CPU per request of workerd from /proc.
import { Miniflare } from "miniflare";
import { cpuPerRequest, newWorkerd, workerdPids } from "../../cpu-time.ts";
import { runWrk } from "../../wrk.ts";

const script = `
const bytes = new TextEncoder().encode("hello");
const ab = bytes.buffer;
const h = new Headers([["x-a","1"]]);
const h3 = new Headers([["content-type","application/json"],["x-a","1"],["x-b","2"]]);
export default { fetch(request) {
  const v = request.url.slice(request.url.lastIndexOf("/") + 1);
  switch (v) {
    case "str": return new Response("hello");
    case "bytes": return new Response(bytes);
    case "copy": return new Response(bytes.slice());
    case "ab": return new Response(ab);
    case "hdrarr": return new Response(bytes, { status: 200, headers: [["x-a","1"]] });
    case "hdrobj": return new Response(bytes, { status: 200, headers: { "x-a": "1" } });
    case "hdrobj2": return new Response(bytes, { status: 200, headers: h });
    case "arr3": return new Response(bytes, { status: 200, headers: [["content-type","application/json"],["x-a","1"],["x-b","2"]] });
    case "obj3": return new Response(bytes, { status: 200, headers: {"content-type":"application/json","x-a":"1","x-b":"2"} });
    case "h3": return new Response(bytes, { status: 200, headers: h3 });
    case "fresh3": {
      const headers = new Headers();
      headers.append("content-type", "application/json");
      headers.append("x-a", "1");
      headers.append("x-b", "2");
      return new Response(bytes, { status: 200, headers });
    }
  }
  return new Response("?");
} };`;
const known = workerdPids();
const mf = new Miniflare({
  workers: [
    {
      name: "w",
      modules: true,
      script,
      compatibilityDate: "2026-04-20",
      unsafeDirectSockets: [{ host: "127.0.0.1", port: 2710 }],
    },
  ],
  host: "127.0.0.1",
  port: 0,
});
await mf.ready;
const pid = newWorkerd(known);
const variants = (process.argv[2] ?? "str,bytes,copy,ab").split(",");
const rows: Record<string, number[]> = {};
for (let r = 0; r < Number(process.argv[3] ?? 4); r++) {
  for (const v of variants) {
    const { usPerRequest } = await cpuPerRequest({ w: pid }, () =>
      runWrk(`http://127.0.0.1:2710/${v}`, { threads: 1, connections: 50, seconds: 3 }),
    );
    const row = rows[v] ?? [];
    row.push(usPerRequest.w ?? Number.NaN);
    rows[v] = row;
  }
}
for (const [k, v] of Object.entries(rows)) console.log(k.padEnd(8), v.sort((a, b) => a - b).join(" "));
await mf.dispose();
