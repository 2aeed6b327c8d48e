import { describe, expect, it } from "vitest";
import type { Client, Json } from "../client.ts";
import type { Context } from "../command.ts";
import { createOutput } from "../output.ts";
import { describeRequest, requests } from "./requests.ts";

const at = "2026-11-27T21:54:34.532Z";

// mb records `path` and the decoded `query` apart: the line shows them together again, as sent.
describe("describeRequest", () => {
  it.each([
    [{ method: "GET", path: "/live2", query: {} }, "GET /live2"],
    [{ method: "GET", path: "/live2", query: { q: "1" } }, "GET /live2?q=1"],
    [
      { method: "GET", path: "/a", query: { q: ["1", "two words"], x: "&", flag: "" } },
      "GET /a?q=1&q=two+words&x=%26&flag=",
    ],
    [{ method: "POST", path: "/é", query: { ü: "/" } }, "POST /é?%C3%BC=%2F"],
    [{ method: "GET", path: "/no-query" }, "GET /no-query"],
    [{ timestamp: at, method: "GET", path: "/t", query: { a: "b" } }, `${at} GET /t?a=b`],
    [{ timestamp: at, requestFrom: "127.0.0.1:5000" }, at], // tcp: no method, path or query
  ])("%j", (request, line) => {
    expect(describeRequest(request)).toBe(line);
  });
});

/** `mockctl requests 4545` against an imposter answering `imposter`: the lines printed, stdout then stderr. */
async function run(imposter: Json, json = false) {
  const printed = { out: [] as string[], err: [] as string[] };
  const out = createOutput(json, { out: (t) => printed.out.push(t), err: (t) => printed.err.push(t) });
  const client = { getImposter: async () => imposter } as unknown as Client;
  const context: Context = { values: {}, positionals: ["4545"], out, env: {}, cwd: "", client: () => client };
  await requests.run(context);
  return printed;
}

const recorded = { method: "GET", path: "/a", query: {} };
const HINT =
  '▲ WARNING imposter 4545 does not record requests: set "recordRequests": true in its config and deploy it again';

describe("mockctl requests", () => {
  it.each([
    ["off, none recorded: the hint", { recordRequests: false, requests: [] }, [HINT]],
    ["on, none recorded yet", { recordRequests: true, requests: [] }, []],
    ["off but recording (mb --mock)", { recordRequests: false, requests: [recorded] }, []],
    ["not said (no such field)", { requests: [] }, []],
  ])("recordRequests %s", async (_case, imposter, warnings) => {
    expect((await run(imposter)).err).toEqual(warnings);
  });

  it("keeps --json's shape: the hint is one of its warnings", async () => {
    const { out, err } = await run({ recordRequests: false, requests: [] }, true);
    expect(err).toEqual([]);
    expect(out.map((line) => JSON.parse(line))).toEqual([
      {
        ok: true,
        message: "0 requests recorded by imposter 4545.",
        port: 4545,
        requests: [],
        warnings: [HINT.replace("▲ WARNING ", "")],
      },
    ]);
  });
});
