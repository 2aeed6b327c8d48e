import { env } from "cloudflare:workers";
import { type Imposter, MbFailure, type MbRequest } from "@mockctl/core";
import { describe, expect, it } from "vitest";
import { createUserCodeDeps } from "./index.ts";

/**
 * The edge's side of the local user-code host (../host): a fake host and supervisor
 * record what the edge sends and answer as scripted, so each rule of the protocol is seen on its own.
 */
type Answer = () => Promise<Response>;

function fakes(answers: Answer[], verdict = "killed") {
  const posted: Array<{
    id: string;
    code?: { modules: Record<string, string> };
    call: unknown;
    via: string;
  }> = [];
  const supervisor: string[] = [];
  const signals: Array<AbortSignal | null | undefined> = [];
  const run = (via: string, init: RequestInit) => {
    posted.push({ ...JSON.parse(String(init.body)), via });
    signals.push(init.signal);
    const next = answers.shift();
    if (next === undefined) throw new Error("no answer scripted");
    return next();
  };
  const host = { fetch: async (_url: string, init: RequestInit) => run("host", init) };
  const watcher = {
    fetch: async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      supervisor.push(path);
      if (path === "/run") return run("supervisor", init);
      return path === "/overran" ? Response.json({ verdict }) : new Response(null, { status: 204 });
    },
  };
  const hostEnv = { LOADER: env.LOADER, USER_CODE_HOST: host, USER_CODE_SUPERVISOR: watcher } as never;
  return { posted, supervisor, signals, hostEnv };
}

const request: MbRequest = {
  requestFrom: "",
  method: "GET",
  path: "/",
  query: {},
  headers: {},
  body: "",
  ip: "",
};
const SOURCE = "() => ({ body: 'hi' })";
const imposter: Imposter = { protocol: "http", port: 4545, stubs: [{ responses: [{ inject: SOURCE }] }] };
const json =
  (body: unknown, status = 200) =>
  async () =>
    Response.json(body, { status });

async function failureData(work: Promise<unknown>): Promise<string | undefined> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof MbFailure)) throw new Error(`expected an MbFailure, got ${String(error)}`);
  return (error.errors[0] as { data?: string }).data;
}

const OK = { ok: true, value: { body: "late" } };
const lost = async (): Promise<Response> => {
  throw new Error("Network connection lost.");
};

describe("user code on the local host", () => {
  it("starts the host once, sends code only when the host asks for it, and answers its outcome", async () => {
    const { posted, supervisor, hostEnv } = fakes([
      json({ missing: "x" }, 409),
      json({ ok: true, value: { body: "hi" } }),
      json({ ok: true, value: { body: "again" } }),
    ]);
    const deps = createUserCodeDeps(hostEnv, imposter, {});
    expect(await deps.inject(SOURCE, request)).toEqual({ body: "hi" });
    expect(await deps.inject(SOURCE, request)).toEqual({ body: "again" });
    expect(supervisor).toEqual(["/start"]);
    expect(posted.map((message) => message.code !== undefined)).toEqual([false, true, false]);
    expect(posted[1]?.code?.modules["f0.js"]).toContain(SOURCE);
    expect(posted[0]?.id).toMatch(/^mockctl-user-code-[0-9a-f]{64}$/);
  });

  it("fails the call with the host's error message, as the Worker Loader's own error", async () => {
    const { hostEnv } = fakes([json({ error: "boom" }, 500)]);
    const deps = createUserCodeDeps(hostEnv, imposter, {});
    expect(await failureData(deps.inject(SOURCE, request))).toBe("boom");
  });

  it("sends a call that lost its connection once more, through the supervisor, with the limit", async () => {
    // The supervisor relays it to the host now listening, on a connection of its own: the edge's pool may
    // hold only connections to a replaced host, which closes them all as it drains.
    const { posted, hostEnv } = fakes([lost, json({ ok: true, value: { body: "retried" } })]);
    const deps = createUserCodeDeps(hostEnv, imposter, { timeoutMs: 700 });
    expect(await deps.inject(SOURCE, request)).toEqual({ body: "retried" });
    expect(posted.map(({ via }) => via)).toEqual(["host", "supervisor"]);
    expect(posted.map((message) => (message as { limitMs?: number }).limitMs)).toEqual([700, 700]);
  });

  it("fails a call whose relay found no host, and asks for a host before the next one", async () => {
    const { posted, supervisor, hostEnv } = fakes([
      lost,
      async () => new Response("no user code host answered", { status: 503 }),
      json({ ok: true, value: { body: "back" } }),
    ]);
    const deps = createUserCodeDeps(hostEnv, imposter, {});
    expect(await failureData(deps.inject(SOURCE, request))).toMatch(/host stopped during this call/);
    expect(posted.map(({ via }) => via)).toEqual(["host", "supervisor"]);
    expect(await deps.inject(SOURCE, request)).toEqual({ body: "back" });
    expect(supervisor.at(-1)).toBe("/start");
  });

  it("fails a call whose relay was lost too, without a third try", async () => {
    const { posted, hostEnv } = fakes([lost, lost, json(OK)]);
    const deps = createUserCodeDeps(hostEnv, imposter, {});
    expect(await failureData(deps.inject(SOURCE, request))).toMatch(/host stopped during this call/);
    expect(posted.length).toBe(2);
  });

  it("waits on past its deadline while the host answers pings: the host times the function itself", async () => {
    const slow = () => new Promise<Response>((done) => setTimeout(() => done(Response.json(OK)), 150));
    const { supervisor, hostEnv } = fakes([slow], "healthy");
    const deps = createUserCodeDeps(hostEnv, imposter, { timeoutMs: 50 });
    expect(await deps.inject(SOURCE, request)).toEqual({ body: "late" });
    expect(supervisor.filter((path) => path === "/overran").length).toBeGreaterThan(0);
  });

  it("does not run again a call whose connection the supervisor's kill cut", async () => {
    let cut: () => void = () => {};
    const stuck = () =>
      new Promise<Response>((_, fail) => {
        cut = () => fail(new Error("Network connection lost."));
      });
    const { posted, hostEnv } = fakes([stuck, json(OK)]);
    const slowKill = {
      fetch: async () => {
        cut();
        await new Promise((done) => setTimeout(done, 20));
        return Response.json({ verdict: "killed" });
      },
    };
    const env2 = { ...(hostEnv as object), USER_CODE_SUPERVISOR: slowKill } as never;
    const deps = createUserCodeDeps(env2, imposter, { timeoutMs: 50 });
    expect(await failureData(deps.inject(SOURCE, request))).toBe("user code did not finish within 50 ms");
    expect(posted.length).toBe(1);
  });

  it("drops a call past its deadline and reports it to the supervisor before it fails", async () => {
    const never = () => new Promise<Response>(() => {});
    const { supervisor, signals, hostEnv } = fakes([never]);
    const deps = createUserCodeDeps(hostEnv, imposter, { timeoutMs: 50 });
    expect(await failureData(deps.inject(SOURCE, request))).toBe("user code did not finish within 50 ms");
    expect(supervisor.at(-1)).toBe("/overran");
    // The host's request is dropped, so the host can drop a function that waits forever.
    expect(signals[0]?.aborted).toBe(true);
  });
});
