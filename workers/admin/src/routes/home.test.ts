import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";

describe("GET /", () => {
  it("answers mb's hypermedia, pretty-printed, with absolute links from the request's host", async () => {
    const answer = await call("GET", "/");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    // Byte for byte what mb 2.9.1 answered on port 2631, with the host changed.
    expect(answer.text).toBe(
      JSON.stringify(
        {
          _links: {
            imposters: { href: "http://localhost:2525/imposters" },
            config: { href: "http://localhost:2525/config" },
            logs: { href: "http://localhost:2525/logs" },
          },
        },
        null,
        2,
      ),
    );
  });
});
