import { describe, expect, it } from "vitest";
import { call } from "../../test/client.ts";
import { created } from "../../test/helpers.ts";

const messages = (answer: { json: { logs: Array<{ message: string }> } }) =>
  answer.json.logs.map((l) => l.message);

describe("GET /logs", () => {
  it("is empty for a new workspace", async () => {
    expect((await call("GET", "/logs")).json).toEqual({ logs: [] });
  });

  it("lists the workspace's audit log in mb's log shape, oldest first", async () => {
    await created({ protocol: "http", port: 4620, name: "n" });
    await call("POST", "/imposters/4620/stubs", { body: { stub: { responses: [{ is: {} }] } } });
    await call("DELETE", "/imposters/4620");
    const answer = await call("GET", "/logs");
    expect(messages(answer)).toEqual([
      "[http:4620 n] created by anonymous",
      "[http:4620 n] stub added at 0 by anonymous",
      "[http:4620 n] deleted by anonymous",
    ]);
    expect(answer.json.logs[0]).toEqual({
      level: "info",
      message: expect.any(String),
      timestamp: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(answer.json.logs[0].timestamp))).toBe(false);
  });

  it("words every change of an imposter as before the audit actions were named", async () => {
    const stub = { responses: [{ is: {} }] };
    await created({ protocol: "http", port: 4621, stubs: [stub, stub] });
    await call("PUT", "/imposters/4621/stubs/1", { body: stub });
    await call("DELETE", "/imposters/4621/stubs/0");
    await call("PUT", "/imposters/4621/stubs", { body: { stubs: [] } });
    await call("DELETE", "/imposters/4621/savedProxyResponses");
    await call("DELETE", "/imposters/4621/savedRequests");
    expect(messages(await call("GET", "/logs"))).toEqual(
      [
        "created",
        "stub 1 replaced",
        "stub 0 deleted",
        "stubs replaced",
        "saved proxy responses deleted",
        "saved requests deleted",
      ].map((words) => `[http:4621] ${words} by anonymous`),
    );
  });

  it.each([
    ["?startIndex=1&endIndex=2", ["4602", "4603"]],
    ["?startIndex=2", ["4603", "4604"]],
    ["?endIndex=0", ["4601"]],
    ["?startIndex=-1", ["4604"]],
    ["?startIndex=x", ["4601", "4602", "4603", "4604"]],
    ["?endIndex=x", []],
  ])("slices with mb's inclusive indexes: %s", async (query, ports) => {
    for (const port of [4601, 4602, 4603, 4604]) await created({ protocol: "http", port });
    const answer = await call("GET", `/logs${query}`);
    expect(messages(answer).map((m) => m.slice(6, 10))).toEqual(ports);
  });

  it("names the caller: the platform key", async () => {
    const vars = { API_KEY: "k" };
    await created({ protocol: "http", port: 4620 }, { vars, headers: { "x-api-key": "k" } });
    const answer = await call("GET", "/logs", { vars, headers: { "x-api-key": "k" } });
    expect(messages(answer)).toEqual(["[http:4620] created by api-key"]);
  });
});
