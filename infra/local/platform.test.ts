// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Mountebank tokens such as "${row}" are literal text here.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";

const configs = ["../../workers/edge/wrangler.jsonc", "./fixtures/admin/wrangler.jsonc"].map((p) =>
  fileURLToPath(new URL(p, import.meta.url)),
);
const dataDir = mkdtempSync(join(tmpdir(), "mockctl-platform-"));
const start = () => startPlatform({ port: 0, dataDir, configs, allowInjection: true, apiKey: "k" });

/** Node's fetch ignores a Host header, so host addressing is checked with node:http. */
function getWithHost(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve(text));
    });
    req.on("error", reject).end();
  });
}

const text = async (url: string) => (await fetch(url)).text();

/** The files in every folder named `name` under `root`. */
function filesUnder(root: string, name: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.parentPath.split(sep).includes(name))
    .map((entry) => join(entry.parentPath, entry.name));
}
const cycling = {
  protocol: "http",
  port: 4546,
  stubs: [{ responses: [{ is: { body: "a" } }, { is: { body: "b" } }] }],
};
const lookup = {
  protocol: "http",
  port: 4547,
  stubs: [
    {
      responses: [
        {
          is: { body: "hello ${row}[name]" },
          behaviors: [
            {
              lookup: {
                key: { from: "path", using: { method: "regex", selector: "/(\\d+)$" }, index: 1 },
                fromDataSource: { csv: { path: "people.csv", keyColumn: "id" } },
                into: "${row}",
              },
            },
          ],
        },
      ],
    },
  ],
};
const plain = { protocol: "http", port: 4545, stubs: [{ responses: [{ is: { body: "hello" } }] }] };

describe("the local platform", () => {
  let platform: Platform | undefined;
  afterAll(async () => {
    await platform?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves imposters by path and host on its direct socket, with D1 migrated and flags passed", async () => {
    platform = await start();
    expect(platform.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const imposter of [plain, cycling]) {
      const created = await fetch(`${platform.url}/imposters`, {
        method: "POST",
        body: JSON.stringify(imposter),
      });
      expect(created.status).toBe(201);
    }
    expect(await text(`${platform.url}/i/4545/any`)).toBe("hello");
    expect(await getWithHost(`${platform.url}/any`, "4545.localhost")).toBe("hello");
    expect(await text(`${platform.url}/i/4546/`)).toBe("a");
    expect(await (await fetch(`${platform.url}/d1`)).json()).toMatchObject({
      tables: expect.arrayContaining([{ name: "fixture_marker" }]),
      applied: [{ name: "0000_fixture.sql" }],
    });
    expect(await (await fetch(`${platform.url}/vars`)).json()).toEqual({
      allowInjection: "true",
      apiKey: "k",
    });
  });

  it("finds every imposter, cursor and count again after a restart on the same data folder", async () => {
    await platform?.stop();
    platform = await start();
    expect(await text(`${platform.url}/i/4545/any`)).toBe("hello");
    expect(await text(`${platform.url}/i/4546/`)).toBe("b");
    const record = await (await fetch(`${platform.url}/imposters/4545`)).json();
    expect(record).toMatchObject({ version: 1, state: { numberOfRequests: 3 } });
    const d1 = (await (await fetch(`${platform.url}/d1`)).json()) as { applied: unknown };
    expect(d1.applied).toEqual([{ name: "0000_fixture.sql" }]);
  });
});

describe("the platform built from the repository's own Workers", () => {
  const ownData = mkdtempSync(join(tmpdir(), "mockctl-own-"));
  let own: Platform | undefined;
  afterAll(async () => {
    await own?.stop();
    rmSync(ownData, { recursive: true, force: true });
  });

  it("creates an imposter through the admin API and serves it through the front door", async () => {
    writeFileSync(join(ownData, "people.csv"), "id,name\n7,Ada\n");
    own = await startPlatform({ port: 0, dataDir: ownData, dataSourceRoot: ownData });
    const created = await fetch(`${own.url}/imposters`, { method: "POST", body: JSON.stringify(plain) });
    expect(created.status).toBe(201);
    expect(await text(`${own.url}/i/4545/`)).toBe("hello");
    expect((await fetch(`${own.url}/i/4599/`)).status).toBe(404);
  });

  it("keeps no KV snapshots: a change and a restart are served from the imposter objects", async () => {
    const changed = { ...plain, stubs: [{ responses: [{ is: { body: "changed" } }] }] };
    const put = await fetch(`${own?.url}/imposters/4545/stubs`, {
      method: "PUT",
      body: JSON.stringify(changed),
    });
    expect(put.status).toBe(200);
    expect(await text(`${own?.url}/i/4545/`)).toBe("changed");
    await own?.stop();
    own = await startPlatform({ port: 0, dataDir: ownData, dataSourceRoot: ownData });
    expect(await text(`${own.url}/i/4545/`)).toBe("changed");
    // Every version used to be a KV blob for good (one file per change, never removed).
    expect(filesUnder(join(ownData, "kv"), "blobs")).toEqual([]);
  });

  it("reads a lookup's CSV through the launcher's loopback, relative to the data-source root", async () => {
    const created = await fetch(`${own?.url}/imposters`, { method: "POST", body: JSON.stringify(lookup) });
    expect(created.status).toBe(201);
    expect(await text(`${own?.url}/i/4547/people/7`)).toBe("hello Ada");
  });
});
