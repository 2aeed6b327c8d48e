import { describe, expect, it } from "vitest";
import { type Client, createClient } from "./client.ts";

interface Sent {
  method: string;
  url: string;
  key: string | undefined;
  body: unknown;
}

/** A client whose fetch records the request and answers `answer`. */
function recording(
  answer: unknown,
  status = 200,
  token: string | null = "t",
): { client: Client; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetcher = (async (url: string | URL, init: RequestInit) => {
    const key = new Headers(init.headers).get("x-api-key") ?? undefined;
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    sent.push({ method: init.method ?? "GET", url: String(url), key, body });
    return new Response(JSON.stringify(answer), { status });
  }) as typeof fetch;
  const target = { url: "http://mocks.test/", source: "test", ...(token === null ? {} : { token }) };
  return { client: createClient(target, fetcher), sent };
}

// The Mountebank REST calls each command makes (mb's cli/api.js for save and replay).
describe("createClient", () => {
  it.each([
    ["list", (c: Client) => c.listImposters(), "GET", "http://mocks.test/imposters"],
    [
      "save",
      (c: Client) => c.listImposters({ replayable: true }),
      "GET",
      "http://mocks.test/imposters?replayable=true",
    ],
    [
      "save --removeProxies",
      (c: Client) => c.listImposters({ replayable: true, removeProxies: true }),
      "GET",
      "http://mocks.test/imposters?replayable=true&removeProxies=true",
    ],
    ["get", (c: Client) => c.getImposter(4545), "GET", "http://mocks.test/imposters/4545"],
    [
      "get --replayable",
      (c: Client) => c.getImposter(4545, { replayable: true }),
      "GET",
      "http://mocks.test/imposters/4545?replayable=true",
    ],
    ["delete", (c: Client) => c.deleteImposter(4545), "DELETE", "http://mocks.test/imposters/4545"],
    ["create", (c: Client) => c.createImposter({ port: 1 }), "POST", "http://mocks.test/imposters"],
    ["replay", (c: Client) => c.putImposters([]), "PUT", "http://mocks.test/imposters"],
  ] as const)("%s", async (_name, call, method, url) => {
    const { client, sent } = recording({ imposters: [], port: 1 });
    await call(client);
    expect(sent).toEqual([expect.objectContaining({ method, url, key: "t" })]);
  });

  it("turns mb's error envelope into an error naming the call and mb's messages", async () => {
    const { client } = recording({ errors: [{ code: "bad data", message: "no" }] }, 400);
    await expect(client.createImposter({})).rejects.toMatchObject({
      message: "POST /imposters failed with 400",
      details: ["bad data: no"],
    });
  });

  // mb's 401 message speaks of its --apikey option; the hint says where this CLI takes a token from.
  const UNAUTHORIZED = { errors: [{ code: "unauthorized", message: "If you set the apiKey option, …" }] };
  it.each([
    ["no token was sent", null, "The platform wants a token: pass --token <token>, set MOCKCTL_TOKEN"],
    [
      "a token was refused",
      "t",
      "The platform refused the token sent (wrong, expired or revoked?): check --token, MOCKCTL_TOKEN",
    ],
  ])("a 401 when %s hints at --token and MOCKCTL_TOKEN", async (_case, token, hint) => {
    const calls = [(c: Client) => c.listImposters(), (c: Client) => c.platform.listTokens()];
    for (const call of calls) {
      const { client } = recording(UNAUTHORIZED, 401, token);
      const error = await call(client).catch((e: unknown) => e);
      expect(error).toMatchObject({ details: ["unauthorized: If you set the apiKey option, …"] });
      expect((error as { hint?: string }).hint).toContain(hint);
    }
  });

  it("gives no such hint for other refusals", async () => {
    const { client } = recording({ errors: [{ code: "forbidden", message: "read scope" }] }, 403);
    await expect(client.createImposter({})).rejects.toMatchObject({ hint: undefined });
  });

  // QA: a token of workspace beta sent to …/w/acme got "Cannot GET /w/acme/imposters" and no word on why.
  it.each([
    ["http://mocks.test/w/acme", "Cannot GET /w/acme/imposters", "No workspace acme answers this token"],
    ["http://mocks.test/w/acme", "no such imposter", undefined],
    ["http://mocks.test/", "Cannot GET /w/acme/imposters", undefined],
    ["http://mocks.test/w/ac%E0me", "Cannot GET /w/ac%E0me/imposters", "No workspace ac%E0me answers"],
  ])("a 404 from %s saying %j hints %j", async (url, message, hint) => {
    const fetcher = (async () =>
      new Response(JSON.stringify({ errors: [{ code: "no such resource", message }] }), {
        status: 404,
      })) as typeof fetch;
    const client = createClient({ url, source: "test", token: "t" }, fetcher);
    const error = await client.listImposters().catch((e: unknown) => e);
    const given = (error as { hint?: string }).hint;
    if (hint === undefined) expect(given).toBeUndefined();
    else expect(given).toContain(hint);
  });

  // QA: `requests 9299` printed only mb's "Try POSTing to /imposters first?".
  it("a 404 for an imposter's port names the port and how to list the others", async () => {
    const notFound = { errors: [{ code: "no such resource", message: "Try POSTing to /imposters first?" }] };
    const { client } = recording(notFound, 404);
    const error = await client.getImposter(9299).catch((e: unknown) => e);
    expect((error as { hint?: string }).hint).toBe(
      "No imposter listens on port 9299 there: `mockctl imposters list` shows the ones that do.",
    );
  });

  // A 200 from something that is not the admin API (the dashboard's page, any web server) used to read as
  // an empty answer: deploy reported imposters created, list "0 imposter(s)", all with exit 0.
  const page = (text: string) =>
    createClient(
      { url: "http://mocks.test", source: "--url" },
      (async () => new Response(text)) as typeof fetch,
    );
  it.each([
    ["create", (c: Client) => c.createImposter({ port: 1 }), "POST /imposters"],
    ["list", (c: Client) => c.listImposters(), "GET /imposters"],
    ["get", (c: Client) => c.getImposter(4545), "GET /imposters/4545"],
    ["logs", (c: Client) => c.getLogs(), "GET /logs"],
  ] as const)("%s refuses a success that is not the admin API's JSON", async (_name, call, what) => {
    const error = await call(page("<!doctype html><html>hello</html>")).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: `${what} answered 200 with something that is not Mountebank's admin API`,
      details: ['it began: "<!doctype html><html>hello</html>"', "target from --url"],
    });
    expect((error as { hint: string }).hint).toContain("not its /dashboard/");
  });

  it.each([
    ["list", (c: Client) => c.listImposters(), { imposters: "none" }],
    ["logs", (c: Client) => c.getLogs(), { hello: "world" }],
  ] as const)("%s refuses JSON without its list", async (_name, call, body) => {
    await expect(call(page(JSON.stringify(body)))).rejects.toThrow("is not Mountebank's admin API");
  });

  it("refuses a create answered with anything but an imposter (an echo server's 200)", async () => {
    const { client } = recording({ ok: true }, 200);
    await expect(client.createImposter({ port: 1 })).rejects.toThrow(
      "POST /imposters answered without the imposter it should have created, so none was",
    );
  });

  // fetch turns a POST redirected by 301 into a GET (the list, 200): deploy said "created" and `--fresh`
  // deleted imposters it never put back. And it sent x-api-key on to wherever the redirect pointed.
  it.each([
    301, 302, 307, 308,
  ])("follows no redirect (%i): the call fails, naming where it led", async (status) => {
    const asked: Array<{ url: string; redirect: RequestRedirect | undefined }> = [];
    const fetcher = (async (url: string | URL, init: RequestInit) => {
      asked.push({ url: String(url), redirect: init.redirect });
      return new Response(null, { status, headers: { location: "https://mocks.test/imposters" } });
    }) as typeof fetch;
    const client = createClient({ url: "http://mocks.test", source: "--url", token: "t" }, fetcher);
    for (const call of [() => client.createImposter({ port: 1 }), () => client.deleteImposter(1)]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toMatchObject({
        message: expect.stringMatching(
          `answered with a redirect \\(${status} to https://mocks.test/imposters\\), which mockctl does not follow`,
        ),
        details: ["target from --url"],
      });
      expect((error as { hint: string }).hint).toContain("https://");
    }
    expect(asked.map((one) => one.redirect)).toEqual(["manual", "manual"]);
  });
});
