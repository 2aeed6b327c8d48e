import { describe, expect, it } from "vitest";
import { freshPort, imposter, is, objectFor, send } from "./helpers.ts";

// The admin Worker names a workspace's imposter objectName(workspace, port) and links it at
// /w/<workspace>/i/<port> (or <port>.<workspace>.<zone>); the front door must serve that object there, and
// the default workspace's short address must not reach it.
describe("an imposter of a workspace other than the default", () => {
  it("is served at its own address, and the same port elsewhere is another imposter", async () => {
    const port = freshPort();
    await objectFor(port, "blue").put(imposter(port, { stubs: [is("blue")] }));
    await objectFor(port).put(imposter(port, { stubs: [is("default")] }));

    expect(await (await send(`/w/blue/i/${port}/x`)).text()).toBe("blue");
    expect(await (await send(`http://${port}.blue.localhost/x`)).text()).toBe("blue");
    expect(await (await send(`/i/${port}/x`)).text()).toBe("default");
  });

  it("is no such imposter in a workspace that has none on that port", async () => {
    const port = freshPort();
    await objectFor(port, "blue").put(imposter(port, { stubs: [is("blue")] }));
    const answer = await send(`/w/green/i/${port}/`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({
      errors: [{ code: "no such resource", message: "Try POSTing to /imposters first?" }],
    });
  });
});
