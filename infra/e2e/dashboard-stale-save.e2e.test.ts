import { describe, expect, it } from "vitest";
import { shoot } from "./dashboard-browser.ts";
import { create, dashboardSession, KEY, noChromium } from "./dashboard-session.ts";
import { startOrigin } from "./proxy-origin.ts";

// A proxy records while someone edits the stubs: saving then must not drop the recording unasked (the
// editor saves with If-Match, and the platform refuses a save made against an older version).
const RECORDER = 4604;
const FOLLOWED = 4605;

describe.skipIf(noChromium)("the stubs editor while a proxy records, in Chromium", () => {
  const session = dashboardSession();

  it("keeps what the proxy recorded unless told to save over it", async () => {
    const { page, platform } = session;
    const origin = await startOrigin();
    const proxy = { to: origin.url, mode: "proxyOnce", predicateGenerators: [{ matches: { path: true } }] };
    const imposter = { protocol: "http", port: RECORDER, stubs: [{ responses: [{ proxy }] }] };
    expect((await create(platform, imposter)).status).toBe(201);
    const stubsNow = async () => {
      const read = await fetch(`${platform.url}/imposters/${RECORDER}`, { headers: { "x-api-key": KEY } });
      const { stubs } = (await read.json()) as { stubs: Array<{ predicates?: unknown }> };
      return stubs.map((stub) => JSON.stringify(stub.predicates ?? []));
    };
    await page.goto(`${platform.url}/dashboard/#/imposters/${RECORDER}/requests`);
    await page.getByText("Journal: live").waitFor();
    await page.getByRole("link", { name: "Stubs" }).click();
    await page.getByRole("button", { name: "Add" }).click();
    await page.getByText("Unsaved changes.").waitFor();

    await fetch(`${platform.url}/i/${RECORDER}/recorded`);
    const recorded = ['[{"deepEquals":{"path":"/recorded"}}]', "[]"];
    await expect.poll(stubsNow).toEqual(recorded);
    await page.getByText("The stubs changed on the platform").waitFor();
    await page.getByRole("button", { name: "Save all stubs" }).click();
    // Refused by the platform (412): nothing saved, the notice stays, the edits too.
    await expect.poll(() => page.getByRole("status").textContent()).toContain("would drop that change");
    expect(await page.getByText("Saved.").count()).toBe(0);
    expect(await stubsNow()).toEqual(recorded);
    await shoot(page, "stubs-changed-meanwhile");

    await page.getByRole("button", { name: "Save mine anyway (replaces them)" }).click();
    await page.getByText("Saved.").waitFor();
    expect(await stubsNow()).toEqual(["[]", "[]"]); // the proxy stub and the one added here
    await origin.close();
  });

  it("shows stubs changed through the API while the page is open, with no request in between", async () => {
    const { page, platform } = session;
    const stub = (path: string) => ({
      predicates: [{ equals: { path } }],
      responses: [{ is: { body: path } }],
    });
    const imposter = { protocol: "http", port: FOLLOWED, stubs: [stub("/before")] };
    expect((await create(platform, imposter)).status).toBe(201);
    await page.goto(`${platform.url}/dashboard/#/imposters/${FOLLOWED}/requests`);
    await page.getByText("Journal: live").waitFor();
    await page.getByRole("link", { name: "Stubs" }).click();
    const grid = page.getByRole("grid", { name: "stubs" });
    await grid.getByText('"/before"').first().waitFor();
    // As a test suite or the CLI changes them: another client, no traffic to the imposter.
    const changed = await fetch(`${platform.url}/imposters/${FOLLOWED}/stubs`, {
      method: "PUT",
      headers: { "x-api-key": KEY, "content-type": "application/json" },
      body: JSON.stringify({ stubs: [stub("/after"), stub("/also")] }),
    });
    expect(changed.status).toBe(200);
    await grid.getByText('"/also"').first().waitFor({ timeout: 5_000 });
    expect(await grid.getByRole("row").count()).toBe(2);
    expect(await grid.getByText('"/before"').count()).toBe(0);
    await shoot(page, "stubs-followed-from-api");
  });
});
