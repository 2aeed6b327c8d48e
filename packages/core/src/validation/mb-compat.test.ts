import { statusOf } from "@mockctl/contract";
import { describe, expect, it } from "vitest";
import { MB_CASES, type MbCase } from "../../test/mb-cases/index.ts";
import recorded from "../../test/mb-cases/mb-2.9.1.json" with { type: "json" };
import { type MbError, MbFailure, type Result } from "../errors.ts";
import {
  parseStubIndex,
  validateAddStubBody,
  validateImpostersBody,
  validateNewStub,
  validateStubsBody,
} from "./stub-bodies.ts";
import { validateImposter } from "./validate-imposter.ts";

// Every case of test/mb-cases/ against mb 2.9.1's recorded answer (test/mb-cases/record.test.ts made the file).
const answers = recorded.answers as unknown as Record<
  string,
  { status: number; errors?: MbError[]; stubs?: unknown[] }
>;
const STUB_COUNT = 1;

interface Outcome {
  status: number;
  result: Result<unknown>;
}

function run(mbCase: MbCase): Outcome {
  const options = { allowInjection: mbCase.allowInjection ?? false };
  const index = mbCase.stubIndex ?? "";
  const answer = (result: Result<unknown>, okStatus: number): Outcome => ({
    status: result.ok ? okStatus : statusOf(MbFailure.as(result.kind ?? result.errors[0]!.code)),
    result,
  });
  switch (mbCase.call) {
    case "postImposter":
      return answer(validateImposter(mbCase.body, options), 201);
    case "putImposters":
      return answer(validateImpostersBody(mbCase.body, options), 200);
    case "putStubs":
      return answer(validateStubsBody(mbCase.body, options), 200);
    case "postStub":
      return answer(validateAddStubBody(mbCase.body, STUB_COUNT, options), 200);
    case "putStub":
    case "deleteStub": {
      const parsed = parseStubIndex(index, STUB_COUNT);
      if (!parsed.ok) return answer(parsed, 200);
      return mbCase.call === "putStub"
        ? answer(validateNewStub(mbCase.body, options), 200)
        : answer(parsed, 200);
    }
  }
}

const asMb = (errors: MbError[]) => errors.map(({ code, message, source }) => ({ code, message, source }));

describe("validation answers as mb 2.9.1 does", () => {
  const same = MB_CASES.filter((c) => c.ours === undefined);
  it.each(same.map((c) => [c.name, c] as const))("%s", (_name, mbCase) => {
    const mb = answers[mbCase.name]!;
    const ours = run(mbCase);
    expect(ours.status).toBe(mb.status);
    if (!ours.result.ok) expect(asMb(ours.result.errors)).toEqual(asMb(mb.errors ?? []));
  });

  const created = same.filter((c) => c.call === "postImposter" && answers[c.name]?.status === 201);
  it.each(created.map((c) => [c.name, c] as const))("%s: stubs stored as mb stores them", (_name, mbCase) => {
    const ours = run(mbCase).result;
    expect(ours.ok).toBe(true);
    if (ours.ok) expect((ours.value as { stubs: unknown[] }).stubs).toEqual(answers[mbCase.name]?.stubs);
  });
});

describe("deliberate deviations from mb 2.9.1", () => {
  const different = MB_CASES.filter((c) => c.ours !== undefined);
  it.each(different.map((c) => [c.name, c] as const))("%s", (_name, mbCase) => {
    const mb = answers[mbCase.name];
    // Either mb was not asked (it crashes) or it answered something else.
    if (mbCase.mbCrashes) expect(mb).toBeUndefined();
    const ours = run(mbCase).result;
    if (mbCase.ours === "ok") {
      expect(ours).toMatchObject({ ok: true });
      expect(mb?.status).toBeGreaterThanOrEqual(400);
      return;
    }
    expect(ours.ok).toBe(false);
    if (ours.ok) return;
    expect(ours.errors).toHaveLength(mbCase.ours?.length ?? 0);
    for (const [i, expected] of (mbCase.ours ?? []).entries()) expect(ours.errors[i]).toMatchObject(expected);
    if (mb) expect(asMb(ours.errors)).not.toEqual(asMb(mb.errors ?? []));
  });
});

describe("the case list", () => {
  it("names every case once and has an answer for each case mb survives", () => {
    const names = MB_CASES.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of MB_CASES.filter((c) => !c.mbCrashes)) expect(answers[c.name], c.name).toBeDefined();
  });
});
