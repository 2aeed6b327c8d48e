import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created, hostedUrl, links, pretty, served, stubLink } from "../../test/helpers.ts";

const badData = (message: string) => ({ errors: [{ code: "bad data", message }] });

describe("POST /imposters", () => {
  it("answers 201 with Location and the full form in mb's field order, plus the hosted url", async () => {
    const answer = await created({ protocol: "http", port: 4600 });
    expect(answer.headers.get("location")).toBe("http://localhost:2525/imposters/4600");
    expect(answer.text).toBe(
      pretty({
        protocol: "http",
        port: 4600,
        numberOfRequests: 0,
        recordRequests: false,
        requests: [],
        stubs: [],
        url: hostedUrl(4600),
        _links: links(4600),
      }),
    );
  });

  it("keeps the user's field order inside stubs and never echoes allowCORS", async () => {
    const stub = {
      responses: [{ is: { body: "x", statusCode: 201 } }],
      predicates: [{ equals: { path: "/a" } }],
    };
    const answer = await created({ protocol: "http", port: 4601, allowCORS: true, stubs: [stub] });
    expect(answer.json).not.toHaveProperty("allowCORS");
    expect(pretty(answer.json.stubs)).toBe(pretty([{ ...stub, _links: stubLink(4601, 0) }]));
  });

  it("accepts a port given as a string, as mb does", async () => {
    expect((await created({ protocol: "http", port: "4612" })).json.port).toBe(4612);
  });

  it("assigns a free port from the ephemeral range when none is given", async () => {
    const answer = await created({ protocol: "http" });
    const port: number = answer.json.port;
    expect(port).toBeGreaterThanOrEqual(32768);
    expect(port).toBeLessThanOrEqual(60999);
    expect(answer.headers.get("location")).toBe(`http://localhost:2525/imposters/${port}`);
  });

  it.each([
    4601, 2525,
  ])("refuses port %i when it is taken (by an imposter or the admin API)", async (port) => {
    await created({ protocol: "http", port: 4601 });
    const answer = await call("POST", "/imposters", { body: { protocol: "http", port } });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      errors: [{ code: "resource conflict", message: `Port ${port} is already in use` }],
    });
  });

  // Each answer below is what mb 2.9.1 gave for the same body (mb crashes on `null`; we do not).
  it.each([
    ["", "'protocol' is a required field"],
    ['"str"', "'protocol' is a required field"],
    ["[]", "'protocol' is a required field"],
    ["{}", "'protocol' is a required field"],
    ["null", "'protocol' is a required field"],
    ['{"protocol":"ftp","port":4611}', "the ftp protocol is not yet supported"],
    ['{"protocol":"tcp","port":4611}', "the tcp protocol is not yet supported"],
    ['{"protocol":"smtp","port":4611}', "the smtp protocol is not yet supported"],
    ['{"protocol":"http","port":4.5}', "invalid value for 'port'"],
    ['{"protocol":"http","port":70000}', "invalid value for 'port'"],
    ['{"protocol":"http","port":0}', "invalid value for 'port'"],
    ['{"protocol":"http","port":"abc"}', "invalid value for 'port'"],
  ])("refuses %s with mb's message", async (body, message) => {
    const answer = await call("POST", "/imposters", { body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(badData(message));
    expect((await call("GET", "/imposters")).json).toEqual({ imposters: [] });
  });

  it("refuses injection unless the platform or the workspace allows it", async () => {
    const imposter = { protocol: "http", port: 4613, stubs: [{ responses: [{ inject: "function(){}" }] }] };
    const refused = await call("POST", "/imposters", { body: imposter });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      errors: [
        {
          code: "invalid injection",
          message: "JavaScript injection is not allowed unless mb is run with the --allowInjection flag",
          source: { responses: [{ inject: "function(){}" }] },
        },
      ],
    });
    await created(imposter, { vars: { ALLOW_INJECTION: "true" } });
    await env.DB.prepare("UPDATE workspaces SET allow_injection = 1 WHERE id = 'local'").run();
    await created({ ...imposter, port: 4614 });
  });

  it("answers a body with injection and another error as the platform's flag would, where the workspace allows it", async () => {
    const body = {
      protocol: "http",
      port: 4615,
      stubs: [
        { responses: [{ inject: "function(){}" }] },
        { responses: [{ is: {}, behaviors: [{ wait: -1 }] }] },
      ],
    };
    const byFlag = await call("POST", "/imposters", { body, vars: { ALLOW_INJECTION: "true" } });
    expect(byFlag.status).toBe(400);
    const byWorkspace = await call("POST", "/imposters", { body: { protocol: "http", port: 4616 } });
    expect(byWorkspace.status).toBe(201);
    await env.DB.prepare("UPDATE workspaces SET allow_injection = 1 WHERE id = 'local'").run();
    const answer = await call("POST", "/imposters", { body });
    expect([answer.status, answer.json]).toEqual([400, byFlag.json]);
    expect(JSON.stringify(answer.json)).not.toContain("--allowInjection");
  });

  it("publishes the definition to KV by version, with a pointer to the latest", async () => {
    await created({ protocol: "http", port: 4620, name: "kv" });
    expect(await env.SNAPSHOTS.get("local:4620")).toBe("1");
    expect(await env.SNAPSHOTS.get("local:4620:1", "json")).toMatchObject({
      protocol: "http",
      port: 4620,
      name: "kv",
    });
  });

  it("publishes nothing to KV where KV_SNAPSHOTS is off (the local platform), and withdraws nothing", async () => {
    const vars = { KV_SNAPSHOTS: "false" };
    await created({ protocol: "http", port: 4622, name: "v1" });
    await created({ protocol: "http", port: 4623 }, { vars });
    expect((await call("DELETE", "/imposters/4622", { vars })).status).toBe(200);
    expect(await env.SNAPSHOTS.get("local:4622")).toBe("1");
    expect(await env.SNAPSHOTS.get("local:4623")).toBeNull();
    expect((await env.SNAPSHOTS.list({ prefix: "local:4623" })).keys).toEqual([]);
  });

  it("addresses imposters by host when ZONE names a real zone, with the request's scheme", async () => {
    const vars = { ZONE: "mocks.example.com" };
    const answer = await call("POST", "/imposters", { vars, body: { protocol: "http", port: 4621 } });
    expect(answer.json.url).toBe("http://4621.mocks.example.com");
  });
});

describe("GET /imposters", () => {
  const proxy = { proxy: { to: "http://localhost:1" } };
  const stubs = [
    { responses: [{ is: { body: "x" } }, proxy] },
    { responses: [proxy] },
    { responses: [{ is: {} }] },
  ];

  it("lists in ascending port order in the list form", async () => {
    await created({ protocol: "http", port: 4602, name: "b", defaultResponse: { statusCode: 404 } });
    await created({ protocol: "http", port: 4600 });
    const answer = await call("GET", "/imposters");
    expect(answer.text).toBe(
      pretty({
        imposters: [
          { protocol: "http", port: 4600, numberOfRequests: 0, url: hostedUrl(4600), _links: links(4600) },
          {
            protocol: "http",
            port: 4602,
            name: "b",
            defaultResponse: { statusCode: 404 },
            numberOfRequests: 0,
            url: hostedUrl(4602),
            _links: links(4602),
          },
        ],
      }),
    );
  });

  it("prints the replayable form for replayable=TRUE (any case)", async () => {
    await created({ protocol: "http", port: 4600, stubs });
    const answer = await call("GET", "/imposters?replayable=TRUE");
    expect(answer.json).toEqual({
      // No url: the replayable form is exactly mb's (what mb save writes).
      imposters: [{ protocol: "http", port: 4600, recordRequests: false, stubs }],
    });
  });

  it("removes proxies but keeps each remaining stub's original index in its link, as mb does", async () => {
    await created({ protocol: "http", port: 4600, stubs });
    const [imposter] = (await call("GET", "/imposters?removeProxies=true")).json.imposters;
    expect(imposter.stubs).toEqual([
      { responses: [{ is: { body: "x" } }], _links: stubLink(4600, 0) },
      { responses: [{ is: {} }], _links: stubLink(4600, 2) },
    ]);
  });

  it("adds our lastActivity and stubCount to each imposter with overview=true, and only then", async () => {
    await created({ protocol: "http", port: 4600, stubs });
    await created({ protocol: "http", port: 4601 });
    const before = Date.now();
    await served(4600);
    const [used, idle] = (await call("GET", "/imposters?overview=true")).json.imposters;
    expect(Object.keys(used)).toEqual([
      "protocol",
      "port",
      "numberOfRequests",
      "url",
      "_links",
      "lastActivity",
      "stubCount",
    ]);
    expect(Date.parse(used.lastActivity)).toBeGreaterThanOrEqual(before - 1);
    expect(used.stubCount).toBe(3);
    expect(idle).toMatchObject({ lastActivity: null, stubCount: 0 });
    for (const query of ["", "?overview=false"]) {
      const [plain] = (await call("GET", `/imposters${query}`)).json.imposters;
      expect(plain).not.toHaveProperty("lastActivity");
      expect(plain).not.toHaveProperty("stubCount");
    }
  });
});
