import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created, hostedUrl, links, pretty } from "../../test/helpers.ts";

const ports = async () =>
  (await call("GET", "/imposters")).json.imposters.map((i: { port: number }) => i.port);

describe("PUT /imposters", () => {
  it("replaces every imposter and answers the list form", async () => {
    await created({ protocol: "http", port: 4630 });
    const body = {
      imposters: [
        { protocol: "http", port: 4620, name: "n" },
        { protocol: "http", port: 4621 },
      ],
    };
    const answer = await call("PUT", "/imposters", { body });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(
      pretty({
        imposters: [
          {
            protocol: "http",
            port: 4620,
            name: "n",
            numberOfRequests: 0,
            url: hostedUrl(4620),
            _links: links(4620),
          },
          { protocol: "http", port: 4621, numberOfRequests: 0, url: hostedUrl(4621), _links: links(4621) },
        ],
      }),
    );
    expect(await ports()).toEqual([4620, 4621]);
    expect(await env.SNAPSHOTS.get("local:4630")).toBeNull();
  });

  it.each([
    [{}, "'imposters' is a required field"],
    ["", "'imposters' is a required field"],
    [{ imposters: {} }, "'imposters' must be an array"],
    [
      { imposters: [{ protocol: "http", port: 4620 }, { protocol: "ftp" }] },
      "the ftp protocol is not yet supported",
    ],
    [
      {
        imposters: [
          { protocol: "http", port: 4620 },
          { protocol: "http", port: 4620 },
        ],
      },
      "more than one imposter uses port 4620",
    ],
  ])("refuses %j and keeps the imposters it had", async (body, message) => {
    await created({ protocol: "http", port: 4630 });
    const answer = await call("PUT", "/imposters", { body });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ errors: [{ code: "bad data", message }] });
    expect(await ports()).toEqual([4630]);
  });

  it("refuses the admin port before deleting anything", async () => {
    await created({ protocol: "http", port: 4630 });
    const answer = await call("PUT", "/imposters", {
      body: { imposters: [{ protocol: "http", port: 2525 }] },
    });
    expect(answer.json.errors[0].code).toBe("resource conflict");
    expect(await ports()).toEqual([4630]);
  });

  it("reports the errors of every imposter together", async () => {
    const body = { imposters: [{ protocol: "ftp" }, { protocol: "http", port: 0 }] };
    const answer = await call("PUT", "/imposters", { body });
    expect(answer.json.errors.map((e: { message: string }) => e.message)).toEqual([
      "the ftp protocol is not yet supported",
      "invalid value for 'port'",
    ]);
  });
});

describe("DELETE /imposters", () => {
  const proxy = { proxy: { to: "http://x" } };
  const seed = async () => {
    await created({ protocol: "http", port: 4622, stubs: [{ responses: [{ is: { body: "z" } }, proxy] }] });
    await created({ protocol: "http", port: 4623 });
  };

  it("answers the replayable form by default and removes everything", async () => {
    await seed();
    const answer = await call("DELETE", "/imposters");
    expect(answer.json).toEqual({
      imposters: [
        {
          protocol: "http",
          port: 4622,
          recordRequests: false,
          stubs: [{ responses: [{ is: { body: "z" } }, proxy] }],
        },
        { protocol: "http", port: 4623, recordRequests: false, stubs: [] },
      ],
    });
    expect(await ports()).toEqual([]);
    expect(await env.SNAPSHOTS.get("local:4622")).toBeNull();
  });

  it("removes proxies with removeProxies=true", async () => {
    await seed();
    const answer = await call("DELETE", "/imposters?removeProxies=true");
    expect(answer.json.imposters[0].stubs).toEqual([{ responses: [{ is: { body: "z" } }] }]);
  });

  it.each([
    ["false", true],
    ["FALSE", true],
    ["no", false],
    ["true", false],
  ])("replayable=%s gives the full form: %s", async (flag, full) => {
    await seed();
    const [first] = (await call("DELETE", `/imposters?replayable=${flag}`)).json.imposters;
    expect("_links" in first).toBe(full);
    expect("numberOfRequests" in first).toBe(full);
  });

  it("answers an empty list when there is nothing to delete", async () => {
    expect((await call("DELETE", "/imposters")).json).toEqual({ imposters: [] });
  });
});
