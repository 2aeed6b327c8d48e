import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MB_CASES, type MbCase } from "./index.ts";
import { OK_RESPONSE } from "./types.ts";

/**
 * Records mb 2.9.1's answer to every case into mb-2.9.1.json. Off unless RECORD_MB=1; needs two mb
 * processes of this repository's node_modules:
 *   npx mb --port 2611 --pidfile /tmp/validation-2611.pid &
 *   npx mb --port 2612 --allowInjection --pidfile /tmp/validation-2612.pid &
 * Cases marked mbCrashes are not sent (they kill mb). The stub cases use imposter 2613.
 */
const RECORDING = process.env.RECORD_MB === "1";
const STUB_IMPOSTER = 2613;

describe.runIf(RECORDING)("record mb 2.9.1's answers", () => {
  it("records every case", { timeout: 120_000 }, async () => {
    const answers: Record<string, Answer> = {};
    for (const mbCase of MB_CASES.filter((c) => !c.mbCrashes)) {
      const origin = `http://localhost:${mbCase.allowInjection ? 2612 : 2611}`;
      if (mbCase.call !== "postImposter" && mbCase.call !== "putImposters") await resetStubImposter(origin);
      const { status, body } = await send(origin, mbCase);
      await cleanUp(origin, mbCase, status, body);
      // What the comparison needs: the errors, or the stubs as mb stored them (without their _links).
      answers[mbCase.name] = body.errors
        ? { status, errors: body.errors }
        : { status, stubs: storedStubs(body) };
    }
    const file = new URL("./mb-2.9.1.json", import.meta.url);
    writeFileSync(file, `${JSON.stringify({ recordedWith: "mountebank 2.9.1", answers }, null, 2)}\n`);
    expect(Object.keys(answers).length).toBeGreaterThan(100);
  });
});

const ROUTES: Record<MbCase["call"], (c: MbCase) => [string, string]> = {
  postImposter: () => ["POST", "/imposters"],
  putImposters: () => ["PUT", "/imposters"],
  putStubs: () => ["PUT", `/imposters/${STUB_IMPOSTER}/stubs`],
  postStub: () => ["POST", `/imposters/${STUB_IMPOSTER}/stubs`],
  putStub: (c) => ["PUT", `/imposters/${STUB_IMPOSTER}/stubs/${encodeURIComponent(c.stubIndex ?? "")}`],
  deleteStub: (c) => ["DELETE", `/imposters/${STUB_IMPOSTER}/stubs/${encodeURIComponent(c.stubIndex ?? "")}`],
};

interface Answer {
  status: number;
  errors?: unknown[];
  stubs?: unknown[];
}

interface MbBody {
  errors?: unknown[];
  port?: number;
  stubs?: Array<Record<string, unknown>>;
}

function storedStubs(body: MbBody): unknown[] | undefined {
  return body.stubs?.map(({ _links, ...stub }) => stub);
}

async function send(origin: string, mbCase: MbCase): Promise<{ status: number; body: MbBody }> {
  const [method, path] = ROUTES[mbCase.call](mbCase);
  const body = mbCase.body === "" ? undefined : JSON.stringify(mbCase.body);
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: response.status, body: (await response.json()) as MbBody };
}

async function resetStubImposter(origin: string): Promise<void> {
  const stubs = [{ responses: [OK_RESPONSE] }];
  const existing = await fetch(`${origin}/imposters/${STUB_IMPOSTER}`);
  if (existing.status === 404) {
    await fetch(`${origin}/imposters`, {
      method: "POST",
      body: JSON.stringify({ protocol: "http", port: STUB_IMPOSTER, stubs }),
      headers: { "content-type": "application/json" },
    });
  } else {
    await fetch(`${origin}/imposters/${STUB_IMPOSTER}/stubs`, {
      method: "PUT",
      body: JSON.stringify({ stubs }),
      headers: { "content-type": "application/json" },
    });
  }
}

/** Removes what a successful creation made, so ports never collide between cases. */
async function cleanUp(origin: string, mbCase: MbCase, status: number, body: MbBody) {
  if (mbCase.call === "postImposter" && status === 201) {
    await fetch(`${origin}/imposters/${body.port}`, { method: "DELETE" });
  }
  if (mbCase.call === "putImposters" && status === 200) {
    await fetch(`${origin}/imposters`, { method: "DELETE" });
  }
}
