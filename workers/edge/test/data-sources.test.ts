// biome-ignore-all lint/suspicious/noTemplateCurlyInString: "${row}" is Mountebank's lookup token syntax.
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

  it("leaves the tokens in place when the file is missing, as mb does", async () => {
    const port = freshPort();
    await objectFor(port).put(imposter(port, { stubs: [lookupStub("missing.csv")] }));
    expect(await (await send(`/i/${port}/people/2`)).text()).toBe("name=${row}[name]");
  });
});
