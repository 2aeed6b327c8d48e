import { beforeAll, describe, expect, it } from "vitest";
import { platformForTests } from "./platform-for-tests.ts";

/**
 * Issue 8, part 1: a user function that never finishes fails its own request with mb's envelope, and
 * nothing else waits for it. Before the user-code host, workerd ran the loaded isolate on the platform's
 * own thread: the first loop stopped every imposter and the admin API for good.
 */
const platform = platformForTests("runaway", { allowInjection: true });

const RUNAWAYS = {
  loop: "config => { while (true) {} }",
  "memory bomb": "config => { const a = []; while (true) a.push(new Array(1e6).fill(1.5)); }",
  "deep recursion": "config => { const f = (n) => f(n + 1) + 1; return f(0); }",
  "never calls back": "(config, state, logger, callback) => { setTimeout(() => {}, 60000); }",
  "async loop": "config => Promise.resolve().then(() => { while (true) {} })",
};
const plain = { protocol: "http", port: 4545, stubs: [{ responses: [{ is: { body: "plain" } }] }] };
const runaway = (source: string) => ({
  protocol: "http",
  port: 4546,
  stubs: [
    { predicates: [{ equals: { path: "/ok" } }], responses: [{ inject: "() => ({ body: 'fine' })" }] },
    { predicates: [{ equals: { path: "/run" } }], responses: [{ inject: source }] },
    { responses: [{ is: { body: "other stub" } }] },
  ],
});

async function put(imposter: { port: number }): Promise<void> {
  expect((await platform.recreate(imposter)).status).toBe(201);
}

const timed = (path: string) => platform.timed(path);

beforeAll(async () => {
  await put(plain);
});

describe("a runaway user function", () => {
  it.each(
    Object.entries(RUNAWAYS),
  )("(%s) fails its own request; everything else answers", async (_, source) => {
    await put(runaway(source));
    const stuck = timed("/i/4546/run");
    // While the function runs: the other imposter, the admin API, this imposter's plain stub.
    await new Promise((done) => setTimeout(done, 200));
    for (const path of ["/i/4545/", "/imposters", "/i/4546/else"]) {
      const other = await timed(path);
      expect(other.status, path).toBe(200);
      expect(other.ms, path).toBeLessThan(1_000);
    }
    // The core's answer to a failed user function: a 500 with mb's envelope.
    const failed = await stuck;
    expect(JSON.parse(failed.body)).toMatchObject({ errors: [{ code: "invalid injection" }] });
    expect(failed.status).toBe(500);
    // The 1 s limit, then at most a ping's timeout (1 s) and a kill: "within about 1-2 s of the limit".
    expect(failed.ms).toBeLessThan(4_000);

    // The next request gets the same clear error, not a hang; the rest of the imposter still serves.
    const again = await timed("/i/4546/run");
    expect(JSON.parse(again.body)).toMatchObject({ errors: [{ code: "invalid injection" }] });
    expect(again.ms).toBeLessThan(4_000);
    expect((await timed("/i/4546/ok")).body).toBe("fine");
    expect((await timed("/i/4546/else")).body).toBe("other stub");
    expect((await timed("/i/4545/")).body).toBe("plain");
  });
});
