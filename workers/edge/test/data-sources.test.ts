// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${row}" is Mountebank's lookup token syntax.
import { env } from "cloudflare:workers";
import { uploadedDataSourceKey } from "@mockctl/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";

/** A lookup of the person whose id is the path's last segment, in `file`. */
const lookupStub = (file: string, extra: Record<string, unknown> = {}) => ({
  responses: [
    {
      is: { body: "name=${row}[name]" },
      behaviors: [
        {
          lookup: {
            key: { from: "path", using: { method: "regex" as const, selector: "\\d+$" } },
            fromDataSource: { csv: { path: file, keyColumn: "id" } },
            into: "${row}",
          },
        },
      ],
    },
  ],
  ...extra,
});

describe("lookup data sources", () => {
  beforeAll(() => objectFor(freshPort()).read(), 30_000);

  it.each([
    ["served by the front door", {}],
    ["served by the object (the stub records requests)", { recordRequests: true }],
  ])("reads the CSV the platform's DATA_SOURCES binding gives, %s", async (_, fields) => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { ...fields, stubs: [lookupStub("people.csv")] }));
    expect(await (await send(`/i/${port}/people/2`)).text()).toBe("name=Grace");
    expect(await (await send(`/i/${port}/people/1`)).text()).toBe("name=Ada");
  });

  it("keeps a file's byte order mark in its first column's name, as mb does (its lookup by that column fails)", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [lookupStub("bom.csv")] }));
    expect(await (await send(`/i/${port}/people/2`)).text()).toBe("name=${row}[name]");
  });

  it("leaves the tokens in place when the file is missing, as mb does", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [lookupStub("missing.csv")] }));
    expect(await (await send(`/i/${port}/people/2`)).text()).toBe("name=${row}[name]");
  });

  it.each([
    ["served by the front door", {}],
    ["served by the object (the stub records requests)", { recordRequests: true }],
  ])("reads a CSV uploaded to the imposter's workspace before the disk, %s", async (_, fields) => {
    const port = freshPort();
    await env.SNAPSHOTS.put(uploadedDataSourceKey("local", "people.csv"), "id,name\n2,Uploaded Grace\n");
    await env.SNAPSHOTS.put(uploadedDataSourceKey("local", "only-uploaded.csv"), "id,name\n2,Up\n");
    await objectFor(port).put(imposter(port, { ...fields, stubs: [lookupStub("people.csv")] }));
    expect(await (await send(`/i/${port}/people/2`)).text()).toBe("name=Uploaded Grace");
    const other = freshPort();
    await objectFor(other).put(imposter(other, { ...fields, stubs: [lookupStub("only-uploaded.csv")] }));
    expect(await (await send(`/i/${other}/people/2`)).text()).toBe("name=Up");
    await env.SNAPSHOTS.delete(uploadedDataSourceKey("local", "people.csv"));
  });

  it.each([
    ["served by the front door", {}],
    ["served by the object (the stub records requests)", { recordRequests: true }],
  ])("never reads the launcher's disk for another workspace's imposter, %s", async (_, fields) => {
    const port = freshPort();
    await objectFor(port, "blue").put(imposter(port, { ...fields, stubs: [lookupStub("people.csv")] }));
    expect(await (await send(`/w/blue/i/${port}/people/2`)).text()).toBe("name=${row}[name]");
  });

  it("leaves the tokens in place when the launcher finds the file past its bound, as for a missing one", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [lookupStub("huge.csv")] }));
    const response = await send(`/i/${port}/people/2`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("name=${row}[name]");
  });

  it("reads another workspace's uploads for its imposters, never the default workspace's", async () => {
    const port = freshPort();
    await env.SNAPSHOTS.put(uploadedDataSourceKey("blue", "team.csv"), "id,name\n2,Blue Grace\n");
    await env.SNAPSHOTS.put(uploadedDataSourceKey("local", "default-only.csv"), "id,name\n2,Local\n");
    await objectFor(port, "blue").put(imposter(port, { stubs: [lookupStub("team.csv")] }));
    expect(await (await send(`/w/blue/i/${port}/people/2`)).text()).toBe("name=Blue Grace");
    const other = freshPort();
    await objectFor(other, "blue").put(imposter(other, { stubs: [lookupStub("default-only.csv")] }));
    expect(await (await send(`/w/blue/i/${other}/people/2`)).text()).toBe("name=${row}[name]");
    // An imposter with user code is served at the front door through its user-code seams.
    const decorated = freshPort();
    const stub = lookupStub("team.csv");
    stub.responses[0]?.behaviors.push({ decorate: "(c, r) => { r.body += '!'; }" } as never);
    await objectFor(decorated, "blue").put(imposter(decorated, { stubs: [stub] }));
    expect(await (await send(`/w/blue/i/${decorated}/people/2`)).text()).toBe("name=Blue Grace!");
  });
});
