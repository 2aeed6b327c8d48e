import { describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

const platform = platformForTests("user-code-logs", { allowInjection: true });

interface Logs {
  logs: Array<{ level: string; message: string; timestamp: string }>;
}
const logs = async (query = ""): Promise<Logs["logs"]> =>
  ((await (await fetch(`${platform.url}/logs${query}`)).json()) as Logs).logs;

// As a Mountebank user debugs an inject: logger lines from the user-code host, read back with GET /logs.
describe("GET /logs on the local platform", () => {
  it("lists what an imposter's functions logged, after its creation, in mb's shape and scope", async () => {
    const decorate =
      "(config, response, logger) => { logger.info('decorating %s for %s', config.request.path, config.request.query.user); }";
    const inject =
      "(config, state, logger) => { logger.warn('no stub for %s', config.request.method); return { statusCode: 404 }; }";
    const created = await platform.recreate({
      protocol: "http",
      port: 4711,
      name: "orders",
      stubs: [
        {
          predicates: [{ equals: { path: "/known" } }],
          responses: [{ is: { body: "ok" }, behaviors: [{ decorate }] }],
        },
        { responses: [{ inject }] },
      ],
    } as { port: number });
    expect(created.status).toBe(201);
    expect((await platform.timed("/i/4711/known?user=ann")).body).toBe("ok");
    expect((await fetch(`${platform.url}/i/4711/other`, { method: "DELETE" })).status).toBe(404);

    const lines = await logs();
    const scope = "[http:4711 orders]";
    const mine = lines.filter((line) => line.message.startsWith(scope));
    expect(mine.slice(-3).map(({ level, message }) => [level, message])).toEqual([
      ["info", `${scope} created by anonymous`],
      ["info", `${scope} decorating /known for ann`],
      ["warn", `${scope} no stub for DELETE`],
    ]);
    const times = mine.map((line) => Date.parse(line.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // mb's inclusive indexes apply to the merged list.
    expect(await logs(`?startIndex=${lines.length - 1}`)).toEqual([lines.at(-1)]);
  });

  it("drops an imposter's lines with it", async () => {
    const inject = "(config, state, logger) => { logger.info('gone soon'); return { body: 'x' }; }";
    await platform.recreate({ protocol: "http", port: 4712, stubs: [{ responses: [{ inject }] }] } as {
      port: number;
    });
    await platform.timed("/i/4712/");
    expect((await logs()).some((line) => line.message === "[http:4712] gone soon")).toBe(true);
    expect((await fetch(`${platform.url}/imposters/4712`, { method: "DELETE" })).status).toBe(200);
    expect((await logs()).some((line) => line.message === "[http:4712] gone soon")).toBe(false);
  });
});
