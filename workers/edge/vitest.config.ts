import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineProject } from "vitest/config";

// A stand-in for the admin Worker (written elsewhere): it shows what the front door forwards to it.
const ADMIN_ECHO = `export default {
  async fetch(request) {
    return Response.json({ admin: true, method: request.method, url: request.url,
      apiKey: request.headers.get("x-api-key"), body: await request.text() });
  },
};`;

// A stand-in for the local launcher's file reader (infra/local/data-sources.ts): a few CSVs, by path.
const CSV_FILES: Record<string, string> = {
  "people.csv": "id,name\n1,Ada\n2,Grace\n",
  // Saved by an editor that writes a byte order mark: mb keeps it, in the first column's name.
  "bom.csv": "\uFEFFid,name\n1,Ada\n2,Grace\n",
};
function dataSources(request: Request): Response {
  const path = new URL(request.url).searchParams.get("path") ?? "";
  // The launcher's answer for a file past the bound it reads.
  if (path === "huge.csv") return new Response(null, { status: 413 });
  const text = CSV_FILES[path];
  return text === undefined ? new Response(null, { status: 404 }) : new Response(text);
}

// The origins proxy tests reach through the Worker's global fetch, by host name (test/proxy.test.ts).
// A dead origin cannot be faked here (a thrown error comes back as a 500 answer): infra/e2e has one.
async function origins(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === "slow.test") await new Promise((resolve) => setTimeout(resolve, 2_000));
  if (url.hostname === "big.test") return new Response(new Uint8Array(6 * 1024 * 1024));
  if (url.hostname === "binary.test") {
    return new Response(new Uint8Array([0, 1, 2, 255]), { headers: { "content-type": "image/png" } });
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const echo = {
    method: request.method,
    url: request.url,
    host: request.headers.get("host"),
    headers,
    body: await request.text(),
  };
  return Response.json(echo, { headers: { "x-origin": "yes" } });
}

export default defineProject({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL("./wrangler.jsonc", import.meta.url)) },
      miniflare: {
        serviceBindings: {
          DATA_SOURCES: dataSources,
          // Stands in for an mTLS certificate binding: what reaches it was sent with the client cert.
          PROXY_CLIENT_CERT: (request: Request) =>
            new Response(`with the client certificate: ${request.url}`),
        },
        outboundService: origins,
        // The rate limit is off here (tests send bursts); test/limits.test.ts turns it on per request.
        bindings: { PROXY_TIME_LIMIT_MS: "500", RATE_LIMIT_RPS: "0" },
        workers: [
          { name: "mockctl-admin", modules: true, script: ADMIN_ECHO, compatibilityDate: "2026-04-20" },
        ],
      },
    }),
  ],
  test: {
    name: "edge",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
