import { freePort, type WireResponse } from "@mockctl/differential";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, type Side, type Sides, startSides } from "./proxy-sides.ts";

/**
 * The dashboard's "Export as replayable" (GET /imposters/:id?replayable=true&removeProxies=true, what the
 * button downloads) of what a proxyOnce recorded on the platform: the file loads into Mountebank 2.9.1 and
 * back into the platform (POST /imposters), and both answer as the recording did, without the origin.
 */
const PATHS = ["/a", "/json", "/bin", "/missing"];
let sides: Sides;

beforeAll(async () => {
  sides = await startSides();
});
afterAll(() => sides?.stop());

/** Status, content type and body (parsed when it is JSON: a saved JSON body is replayed re-indented). */
function view(res: WireResponse): unknown {
  const type = res.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1];
  const text = Buffer.from(res.body).toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = Buffer.from(res.body).toString("base64");
  }
  return { status: res.status, type, body };
}

const answers = async (side: Side, port: number) => {
  const got: unknown[] = [];
  for (const path of PATHS) got.push(view(await side.request(port, { method: "GET", path })));
  return got;
};

describe("e2e: an exported recording replays in mb 2.9.1 and in the platform", () => {
  it("answers every recorded request as the recording did, and never reaches the origin", async () => {
    const port = await freePort();
    const proxy = {
      to: sides.origin.url,
      mode: "proxyOnce",
      predicateGenerators: [{ matches: { path: true } }],
    };
    const create = await admin(sides.ours, "POST", "/imposters", {
      protocol: "http",
      port,
      stubs: [{ responses: [{ proxy }] }],
    });
    expect(create.status).toBe(201);
    const recording = await answers(sides.ours, port);
    const hits = sides.origin.hits();
    expect(hits).toBe(PATHS.length);

    const exported = await admin(sides.ours, "GET", `/imposters/${port}?replayable=true&removeProxies=true`);
    const file = exported.json as { stubs: Array<{ responses: Array<Record<string, unknown>> }> };
    expect(file).not.toHaveProperty("requests");
    expect(file).not.toHaveProperty("_links");
    expect(file.stubs).toHaveLength(PATHS.length);
    expect(file.stubs.flatMap((stub) => stub.responses).every((response) => "is" in response)).toBe(true);

    for (const side of [sides.mb, sides.ours]) {
      const target = await freePort();
      const loaded = await admin(side, "POST", "/imposters", { ...file, port: target });
      expect(loaded.status, JSON.stringify(loaded.json)).toBe(201);
      expect(await answers(side, target)).toEqual(recording);
      await admin(side, "DELETE", `/imposters/${target}`);
    }
    expect(sides.origin.hits()).toBe(hits);
  });
});
