import { env } from "cloudflare:workers";
import { MAX_DATA_SOURCE_BYTES, PLATFORM_PATHS, uploadedDataSourceKey } from "@mockctl/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { type CallOptions, call } from "../../test/client.ts";
import { storedWorkspace } from "../../test/tenants.ts";

const LIST = PLATFORM_PATHS.dataSources;
const one = PLATFORM_PATHS.dataSource;
const people = "id,name\n1,Ada\n2,Grace\n";
let asTeam: CallOptions;

beforeEach(async () => {
  asTeam = await storedWorkspace("blue");
});

describe("uploaded data sources (/platform/data-sources)", () => {
  it("uploads, lists without content, reads back, replaces and deletes one, by its exact path", async () => {
    const put = await call("PUT", LIST, { body: { path: "data/people.csv", content: people } });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({
      path: "data/people.csv",
      size: people.length,
      uploadedAt: expect.any(String),
    });
    expect(await env.SNAPSHOTS.get(uploadedDataSourceKey("local", "data/people.csv"))).toBe(people);

    expect((await call("GET", LIST)).json).toEqual({ dataSources: [put.json] });
    expect((await call("GET", one("data/people.csv"))).json).toEqual({ ...put.json, content: people });

    await call("PUT", LIST, { body: { path: "data/people.csv", content: "id\n" } });
    expect((await call("GET", one("data/people.csv"))).json.content).toBe("id\n");

    const deleted = await call("DELETE", one("data/people.csv"));
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ path: "data/people.csv", size: 3 });
    expect((await call("GET", LIST)).json).toEqual({ dataSources: [] });
    expect((await call("GET", "/logs")).json.logs.map((l: { message: string }) => l.message)).toEqual([
      "[data-source:data/people.csv] data-source.put by anonymous",
      "[data-source:data/people.csv] data-source.put by anonymous",
      "[data-source:data/people.csv] data-source.delete by anonymous",
    ]);
  });

  it("keeps each workspace's files apart", async () => {
    await call("PUT", LIST, { ...asTeam, body: { path: "p.csv", content: people } });
    expect((await call("GET", LIST, asTeam)).json.dataSources).toHaveLength(1);
    const platform = { vars: asTeam.vars, headers: { "x-api-key": "platform-key" } };
    expect((await call("GET", LIST, platform)).json.dataSources).toEqual([]);
    expect((await call("GET", one("p.csv"), platform)).status).toBe(404);
  });

  it.each([
    ["no path", { content: "x" }, "invalid value for 'body.path'"],
    ["an empty path", { path: "", content: "x" }, "invalid value for 'body.path'"],
    ["no content", { path: "a.csv" }, "invalid value for 'body.content'"],
  ])("refuses %s with bad data", async (_name, body, message) => {
    const answer = await call("PUT", LIST, { body });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0]).toMatchObject({
      code: "bad data",
      message: expect.stringContaining(message),
    });
  });

  it("refuses a file over the size limit with 413 limit exceeded, and keeps nothing", async () => {
    const content = "x".repeat(MAX_DATA_SOURCE_BYTES + 1);
    const answer = await call("PUT", LIST, { body: { path: "big.csv", content } });
    expect(answer.status).toBe(413);
    expect(answer.json.errors[0].code).toBe("limit exceeded");
    expect((await call("GET", LIST)).json.dataSources).toEqual([]);
  });

  it("answers 404 no such resource for a path never uploaded", async () => {
    for (const method of ["GET", "DELETE"]) {
      const answer = await call(method, one("none.csv"));
      expect(answer.status).toBe(404);
      expect(answer.json.errors[0].code).toBe("no such resource");
    }
  });

  it("needs the key when the platform has one", async () => {
    const answer = await call("GET", LIST, { vars: { API_KEY: "platform-key" } });
    expect(answer.status).toBe(401);
  });
});
