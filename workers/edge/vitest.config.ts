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

// A stand-in for the local launcher's file reader (infra/local/data-sources.ts): one CSV, by path.
const CSV_FILES: Record<string, string> = { "people.csv": "id,name\n1,Ada\n2,Grace\n" };
function dataSources(request: Request): Response {
  const text = CSV_FILES[new URL(request.url).searchParams.get("path") ?? ""];
  return text === undefined ? new Response(null, { status: 404 }) : new Response(text);
}

export default defineProject({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: fileURLToPath(new URL("./wrangler.jsonc", import.meta.url)) },
      miniflare: {
        serviceBindings: { DATA_SOURCES: dataSources },
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
