import { describe, expect, it } from "vitest";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";

/** Remembers the last caller's path in a global and answers the one before: a leak, if shared. */
const LEAKY = `function (config) {
  var previous = globalThis.lastSeen;
  globalThis.lastSeen = config.request.path;
  return { body: 'previous: ' + previous };
}`;

describe("user code of two workspaces", () => {
  it.each([
    ["served by the front door", {}],
    ["served by the object (the stub records requests)", { recordRequests: true }],
  ])("runs the very same function text apart, so no global carries a request across, %s", async (_, fields) => {
    const [ours, theirs] = [freshPort(), freshPort()];
    const stubs = [{ responses: [{ inject: LEAKY }] }];
    await objectFor(ours).put(imposter(ours, { ...fields, stubs }));
    await objectFor(theirs, "tenant-b").put(imposter(theirs, { ...fields, stubs }));
    await send(`/i/${ours}/secret-${ours}`);
    const answer = await (await send(`/w/tenant-b/i/${theirs}/probe`)).text();
    expect(answer).not.toContain(`secret-${ours}`);
    // Within a workspace the function's globals are shared, as mb's functions share its process.
    const again = await (await send(`/i/${ours}/second`)).text();
    expect(again).toBe(`previous: /secret-${ours}`);
  });
});
