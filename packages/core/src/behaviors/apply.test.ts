// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Mountebank tokens such as "${T}" are literal text here.
import { describe, expect, it } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import type { Behavior } from "../schemas/behavior.ts";
import { applyBehaviors } from "./apply.ts";
import type { BehaviorDeps } from "./types.ts";

const copyPath = (into: string): Behavior => ({
  copy: { from: "path", into, using: { method: "regex", selector: "\\w+" } },
});

describe("applyBehaviors", () => {
  it("runs behaviors in array order: a decorate sees an earlier copy, a later copy sees the decorate", async () => {
    const seen: unknown[] = [];
    const deps: BehaviorDeps = {
      decorate: async (_source, _request, response) => {
        seen.push(response.body);
        return { ...response, body: `${String(response.body)} \${LATER}` };
      },
    };
    const { response } = await applyBehaviors(
      [copyPath("${P}"), { decorate: "fn" }, copyPath("${LATER}")],
      testRequest({ path: "/abc" }),
      { body: "${P}" },
      deps,
    );
    expect(seen).toEqual(["abc"]);
    expect(response.body).toBe("abc abc");
  });

  // mb 2.9.1 (imposter 46220): waits of 300 and "400" took ~700 ms in total.
  it("adds up every wait instead of sleeping", async () => {
    const result = await applyBehaviors([{ wait: 300 }, { wait: "400" }], testRequest(), { body: "d" }, {});
    expect(result).toEqual({ response: { body: "d" }, waitMs: 700 });
  });

  it("never mutates the response it was given", async () => {
    const original = { body: { "${P}": "${P}" } };
    const { response } = await applyBehaviors([copyPath("${P}")], testRequest({ path: "/x" }), original, {});
    expect(response).toEqual({ body: { x: "x" } });
    expect(original).toEqual({ body: { "${P}": "${P}" } });
  });

  it("skips unknown keys and returns the same response when there are no behaviors", async () => {
    const response = { body: "a" };
    expect((await applyBehaviors([], testRequest(), response, {})).response).toBe(response);
    const unknown = [{ repeat: 2 } as Behavior];
    expect(await applyBehaviors(unknown, testRequest(), response, {})).toEqual({ response, waitMs: 0 });
  });

  it("refuses shellTransform", async () => {
    await expect(applyBehaviors([{ shellTransform: "cat" }], testRequest(), {}, {})).rejects.toMatchObject({
      errors: [{ code: "invalid injection" }],
    });
  });
});
