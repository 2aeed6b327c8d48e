import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created, served } from "../../test/helpers.ts";

const HEADER =
  "# HELP mb_request_total Number of requests to the imposter\n# TYPE mb_request_total counter\n";

describe("GET /metrics", () => {
  it("answers prometheus text with mb's content type", async () => {
    const answer = await call("GET", "/metrics");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(answer.text).toBe(HEADER);
  });

  it("counts requests per imposter with mb's label, trailing space included", async () => {
    await created({ protocol: "http", port: 4630, name: "nm" });
    await created({ protocol: "http", port: 4631 });
    await served(4630, "/a");
    await served(4630, "/b");
    const answer = await call("GET", "/metrics");
    // The lines mb 2.9.1 printed after two requests to `[http:4630 nm]` and none to the other.
    expect(answer.text).toBe(
      `${HEADER}mb_request_total{imposter="[http:4630 nm] "} 2\nmb_request_total{imposter="[http:4631] "} 0\n`,
    );
  });

  it("escapes label text from user-chosen names", async () => {
    await created({ protocol: "http", port: 4630, name: 'a"b\\c\nd' });
    const answer = await call("GET", "/metrics");
    expect(answer.text).toContain('mb_request_total{imposter="[http:4630 a\\"b\\\\c\\nd] "} 0');
  });

  it("forgets deleted imposters, unlike mb's ever-growing labels", async () => {
    await created({ protocol: "http", port: 4630 });
    await call("DELETE", "/imposters/4630");
    expect((await call("GET", "/metrics")).text).toBe(HEADER);
  });
});
