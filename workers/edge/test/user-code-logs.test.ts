import { env } from "cloudflare:workers";
import { needsObjectForUserCode } from "@mockctl/user-code/edge";
import { describe, expect, it } from "vitest";
import { lookup } from "../src/registry.ts";
import { USER_LOG_CAP } from "../src/user-log.ts";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";

const messages = async (port: number) => (await objectFor(port).logs()).map((line) => line.message);

// What a user function gives its logger is kept by the imposter's object, as mb writes it to its log.
describe("the lines user functions log", () => {
  it("are kept with mb's scope, one per call, and send the imposter's requests to its object", async () => {
    const port = freshPort();
    const decorate = "(config, response, logger) => { logger.info('saw %s', config.request.path); }";
    await objectFor(port).put(
      imposter(port, { stubs: [{ responses: [{ is: { body: "x" }, behaviors: [{ decorate }] }] }] }),
    );
    for (const path of ["/a", "/b", "/c"]) expect(await (await send(`/i/${port}${path}`)).text()).toBe("x");
    // The front door's first run logged too, but has nowhere to keep it: only the object's runs count.
    expect(await messages(port)).toEqual([
      `[http:${port}] saw /a`,
      `[http:${port}] saw /b`,
      `[http:${port}] saw /c`,
    ]);
    const engine = lookup(`${env.WORKSPACE}:${port}`)?.engine;
    expect(engine && needsObjectForUserCode(engine)).toBe(true);
    const [first] = await objectFor(port).logs();
    expect(first).toEqual({ level: "info", message: `[http:${port}] saw /a`, timestamp: expect.any(String) });
    expect(Number.isNaN(Date.parse(first?.timestamp ?? ""))).toBe(false);
  });

  it("keep every level, a named imposter's scope, and the lines of a function that then fails", async () => {
    const port = freshPort();
    const inject =
      "(config, state, logger) => { logger.debug('d'); logger.warn('w %j', config.query); logger.error('e'); throw new Error('boom'); }";
    await objectFor(port).put(imposter(port, { name: "orders", stubs: [{ responses: [{ inject }] }] }));
    expect((await send(`/i/${port}/?q=1`)).status).toBe(500);
    const lines = await objectFor(port).logs();
    expect(lines.map(({ level, message }) => [level, message])).toEqual([
      ["debug", `[http:${port} orders] d`],
      ["warn", `[http:${port} orders] w {"q":"1"}`],
      ["error", `[http:${port} orders] e`],
    ]);
  });

  it(`keep the newest ${USER_LOG_CAP} lines, and go with the imposter`, async () => {
    const port = freshPort();
    const inject =
      "(config, state, logger) => { for (let i = 0; i < 300; i++) logger.info('%s-%d', config.path, i); return { body: 'ok' }; }";
    await objectFor(port).put(imposter(port, { stubs: [{ responses: [{ inject }] }] }));
    // 100 lines a call are kept (USER_LOG_LINES), so 11 calls make 1,100 lines.
    for (let i = 0; i < 11; i++) expect(await (await send(`/i/${port}/r${i}`)).text()).toBe("ok");
    const kept = await messages(port);
    expect(kept).toHaveLength(USER_LOG_CAP);
    expect(kept[0]).toBe(`[http:${port}] /r1-0`);
    expect(kept.at(-1)).toBe(`[http:${port}] /r10-99`);
    await objectFor(port).remove();
    expect(await objectFor(port).logs()).toEqual([]);
  });

  it("leave an imposter that logs nothing at the front door", async () => {
    const port = freshPort();
    const decorate = "(config, response) => { response.body = 'quiet'; }";
    await objectFor(port).put(
      imposter(port, { stubs: [{ responses: [{ is: { body: "x" }, behaviors: [{ decorate }] }] }] }),
    );
    expect(await (await send(`/i/${port}/`)).text()).toBe("quiet");
    const engine = lookup(`${env.WORKSPACE}:${port}`)?.engine;
    expect(engine && needsObjectForUserCode(engine)).toBe(false);
    expect(await objectFor(port).logs()).toEqual([]);
  });
});
