import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PLATFORM_PATHS } from "@mockctl/contract/platform-api";
import { describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

/**
 * Issue 7 on the local platform, through the admin API: eta templates (refused when they do not compile,
 * rendered on the user-code host, held to user code's time limit when they throw or never finish), and
 * lookup CSVs uploaded through the platform API beside the files on disk.
 */
const platform = platformForTests("templates", { allowInjection: true });

const templated = (port: number, body: string) => ({
  protocol: "http",
  port,
  stubs: [{ responses: [{ is: { _template: "eta", body } }] }],
});

const post = (imposter: { port: number }) => platform.recreate(imposter);
const timed = (path: string) => platform.timed(path);

describe("eta templates on the local platform", () => {
  it("renders a request and echoes the definition as written", async () => {
    expect((await post(templated(4701, "<%= it.request.query.a %>+<%= it.request.method %>"))).status).toBe(
      201,
    );
    expect((await timed("/i/4701/x?a=1")).body).toBe("1+GET");
    const saved = (await (await fetch(`${platform.url}/imposters/4701?replayable=true`)).json()) as {
      stubs: Array<{ responses: unknown[] }>;
    };
    expect(saved.stubs[0]?.responses[0]).toEqual({
      is: { _template: "eta", body: "<%= it.request.query.a %>+<%= it.request.method %>" },
    });
  });

  it("refuses a template that does not compile with its line and reason, in mb's envelope", async () => {
    const refused = await post(templated(4702, "line 1\n<%= it.request.( %>"));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: [
        { code: "bad data", message: "the template in is.body does not compile: line 2: Unexpected token" },
      ],
    });
  });

  it.each([
    ["throws", "<%= it.json.a.b %>", /template body, line 1: /],
    ["never finishes", "<% while (true) {} %>", /within 1000 ms|did not finish|host/],
  ])("a template that %s fails its request with invalid injection within the time limit", async (_, body, data) => {
    expect((await post(templated(4703, body))).status).toBe(201);
    const failed = await timed("/i/4703/");
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body)).toMatchObject({
      errors: [{ code: "invalid injection", data: expect.stringMatching(data) }],
    });
    expect(failed.ms).toBeLessThan(4_000);
    expect((await post(templated(4704, "still <%= 'fine' %>"))).status).toBe(201);
    expect((await timed("/i/4704/")).body).toBe("still fine");
  });
});

describe("lookup data sources on the local platform", () => {
  const lookup = (port: number, path: string) => ({
    protocol: "http",
    port,
    stubs: [
      {
        responses: [
          {
            is: { body: "name=$ROW[name]" },
            behaviors: [
              {
                lookup: {
                  key: { from: "path", using: { method: "regex", selector: "\\d+$" } },
                  fromDataSource: { csv: { path, keyColumn: "id" } },
                  into: "$ROW",
                },
              },
            ],
          },
        ],
      },
    ],
  });
  const put = (path: string, content: string) =>
    fetch(`${platform.url}${PLATFORM_PATHS.dataSources}`, {
      method: "PUT",
      body: JSON.stringify({ path, content }),
    });

  it("reads a file on disk as mb does, and an upload of the same path in its place", async () => {
    const file = join(platform.dataDir, "people.csv");
    writeFileSync(file, "id,name\n1,Disk Ada\n");
    expect((await post(lookup(4710, file))).status).toBe(201);
    expect((await timed("/i/4710/people/1")).body).toBe("name=Disk Ada");
    expect((await put(file, "id,name\n1,Uploaded Ada\n")).status).toBe(200);
    expect((await timed("/i/4710/people/1")).body).toBe("name=Uploaded Ada");
    await fetch(`${platform.url}${PLATFORM_PATHS.dataSource(file)}`, { method: "DELETE" });
    expect((await timed("/i/4710/people/1")).body).toBe("name=Disk Ada");
  });
});
