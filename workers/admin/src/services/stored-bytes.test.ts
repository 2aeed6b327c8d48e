import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created, imposterObject } from "../../test/helpers.ts";
import * as schema from "../db/schema.ts";
import { noteStoredBytes } from "./catalog.ts";

const stub = (body: string) => ({ responses: [{ is: { body } }] });
const recorder = { responses: [{ proxy: { to: "http://127.0.0.1:1", mode: "proxyOnce" } }] };

/** The catalog's bytes for an imposter of the default workspace; undefined when it has no row. */
async function catalogBytes(port: number): Promise<number | null | undefined> {
  const row = await env.DB.prepare(
    "SELECT stored_bytes FROM imposters WHERE workspace_id = 'local' AND port = ?",
  )
    .bind(port)
    .first<{ stored_bytes: number | null }>();
  return row === null ? undefined : row.stored_bytes;
}

const objectBytes = (port: number) => imposterObject(port).storedBytes();

/** The bytes the workspace would hold with a new imposter on `port`, as the limit counts them (refused). */
async function countedWith(port: number): Promise<number> {
  const body = { protocol: "http", port };
  const answer = await call("POST", "/imposters", { body, vars: { MAX_STORED_BYTES: "1" } });
  expect(answer.status, answer.text).toBe(413);
  return answer.json.errors[0].data.actual as number;
}

describe("the catalog's stored bytes", () => {
  it.each([
    ["POST /imposters", "POST", "/imposters", { protocol: "http", port: 4800, stubs: [stub("a")] }],
    ["POST .../stubs", "POST", "/imposters/4800/stubs", { stub: stub("b".repeat(50)) }],
    ["PUT .../stubs/:index", "PUT", "/imposters/4800/stubs/0", stub("c".repeat(9))],
    ["PUT .../stubs", "PUT", "/imposters/4800/stubs", { stubs: [stub("d"), stub("e")] }],
    ["DELETE .../stubs/:index", "DELETE", "/imposters/4800/stubs/1", undefined],
    ["DELETE .../savedProxyResponses", "DELETE", "/imposters/4800/savedProxyResponses", undefined],
  ])("after %s are the bytes its object holds", async (_route, method, path, body) => {
    if (path !== "/imposters") await created({ protocol: "http", port: 4800, stubs: [stub("p"), stub("q")] });
    const answer = await call(method, path, { body });
    expect(answer.status, answer.text).toBeLessThan(300);
    expect(await catalogBytes(4800)).toBe(await objectBytes(4800));
  });

  it("PUT /imposters writes each new imposter's bytes; DELETE takes its row away", async () => {
    await created({ protocol: "http", port: 4801 });
    const set = { imposters: [4802, 4803].map((port) => ({ protocol: "http", port, stubs: [stub("x")] })) };
    expect((await call("PUT", "/imposters", { body: set })).status).toBe(200);
    expect([await catalogBytes(4801), await catalogBytes(4802)]).toEqual([
      undefined,
      await objectBytes(4802),
    ]);
    expect((await call("DELETE", "/imposters/4802")).status).toBe(200);
    expect(await catalogBytes(4802)).toBeUndefined();
  });

  it("are what the limit counts: the objects of imposters with a number are not asked", async () => {
    await created({ protocol: "http", port: 4804 });
    await env.DB.prepare("UPDATE imposters SET stored_bytes = 1000000 WHERE port = 4804").run();
    const answer = await call("POST", "/imposters", {
      body: { protocol: "http", port: 4805 },
      vars: { MAX_STORED_BYTES: "1000000" },
    });
    expect(answer.status, answer.text).toBe(413);
  });

  it("are unknown for an imposter that records proxy responses, whose object is asked instead", async () => {
    await created({ protocol: "http", port: 4806, stubs: [recorder] });
    expect(await catalogBytes(4806)).toBeNull();
    // What a recording does: the object's definition grows with no admin call.
    await imposterObject(4806).addStub(stub("r".repeat(500)));
    const grown = await objectBytes(4806);
    const counted = () => countedWith(4807);
    const withObject = await counted();
    await env.DB.prepare("UPDATE imposters SET stored_bytes = 0 WHERE port = 4806").run();
    expect(withObject - (await counted())).toBe(grown);
  });

  it("keep the later version when two changes' writes arrive out of order", async () => {
    await created({ protocol: "http", port: 4808 });
    const db = drizzle(env.DB, { schema });
    const record = await imposterObject(4808).read();
    if (record === null) throw new Error("no imposter 4808");
    const later = await catalogBytes(4808);
    const older = { ...record, version: record.version - 1, imposter: { ...record.imposter, name: "older" } };
    await noteStoredBytes(db, "local", older);
    expect(await catalogBytes(4808)).toBe(later);
  });

  it("are the count the object's record carries, not a serialization of the admin Worker's own", async () => {
    await created({ protocol: "http", port: 4809 });
    const record = await imposterObject(4809).read();
    if (record === null) throw new Error("no imposter 4809");
    const newer = { ...record, version: record.version + 1, storedBytes: 12_345 };
    await noteStoredBytes(drizzle(env.DB, { schema }), "local", newer);
    expect(await catalogBytes(4809)).toBe(12_345);
  });

  it("of an imposter from before migration 0002 are written by the first count, then not asked again", async () => {
    await created({ protocol: "http", port: 4810, stubs: [stub("s")] });
    await created({ protocol: "http", port: 4811, stubs: [recorder] });
    // As migration 0002 left every row: no bytes, at version 0.
    await env.DB.prepare(
      "UPDATE imposters SET stored_bytes = NULL, bytes_version = 0 WHERE port >= 4810",
    ).run();
    const counted = () => countedWith(4812);
    const first = await counted();
    expect([await catalogBytes(4810), await catalogBytes(4811)]).toEqual([await objectBytes(4810), null]);
    // Both grow with no admin call: 4810's number now comes from the catalog, so its growth is not seen;
    // the recording proxy's object is still asked, so its growth is.
    const recorderBefore = await objectBytes(4811);
    await imposterObject(4810).addStub(stub("t".repeat(300)));
    await imposterObject(4811).addStub(stub("u".repeat(200)));
    expect((await counted()) - first).toBe((await objectBytes(4811)) - recorderBefore);
  });
});
