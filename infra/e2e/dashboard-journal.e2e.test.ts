/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: their globals (navigator, document) are typed by the DOM lib.
import { describe, expect, it } from "vitest";
import { shoot } from "./dashboard-browser.ts";
import { dashboardSession, noChromium, PORT, signIn } from "./dashboard-session.ts";

// One imposter's pages in Chromium: requests arriving live with their near misses, a stub edited and tried,
// the traffic chart, and the requests on a phone's width.
describe.skipIf(noChromium)("the dashboard's imposter pages in Chromium", () => {
  const session = dashboardSession();
  const hosted = () => `${session.platform.url}/i/${PORT}`;

  it("shows requests as they arrive, each with its stub, and the near misses of one that matched nothing", async () => {
    const { page } = session;
    await page.getByRole("link", { name: String(PORT) }).click();
    await page.getByRole("link", { name: /^Requests/ }).click();
    await page.getByText("Journal: live").waitFor();
    await fetch(`${hosted()}/hello`);
    await fetch(`${hosted()}/helo`);
    const list = page.getByRole("grid", { name: "requests" });
    await expect
      .poll(() => list.getByRole("row").allTextContents())
      .toEqual([expect.stringMatching(/GET\/hellostub #0$/), expect.stringMatching(/GET\/helono match$/)]);
    await list.getByRole("row").nth(1).click();
    const miss = page.getByRole("table").getByRole("row").nth(1);
    await expect.poll(() => miss.textContent()).toBe('#00pathequals"/hello""/helo"');
    await shoot(page, "requests");
  });

  it("edits a stub, saves it, and the imposter answers with the new response", async () => {
    const { page } = session;
    await page.getByRole("link", { name: "Stubs" }).click();
    const editor = page.getByLabel("Stub #0 (JSON)");
    await editor.fill('{"responses":[{"is":{},"proxy":{"to":"http://origin"}}]}');
    await page
      .getByRole("alert")
      .filter({ hasText: "each response object must have only one response type" })
      .waitFor();
    await shoot(page, "stubs-invalid");
    await editor.fill(
      JSON.stringify(
        { predicates: [{ equals: { path: "/hello" } }], responses: [{ is: { body: "hello again" } }] },
        null,
        2,
      ),
    );
    await page.getByText("Valid stub.").waitFor();
    await page.getByRole("button", { name: "Save all stubs" }).click();
    await page.getByText("Saved.").waitFor();
    await shoot(page, "stubs");
    await page.getByRole("link", { name: "Try it" }).click();
    await page.getByLabel("Path").fill("/hello");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("hello again", { exact: true }).waitFor(); // not the hidden editor's text
    await expect.poll(() => page.locator(".matched").textContent()).toBe("matched stub #0");
    await shoot(page, "try-it");
  });

  it("charts requests over time and hits per stub", async () => {
    const { page } = session;
    await page.getByRole("link", { name: "Traffic" }).click();
    await page.getByRole("img", { name: /Hits per stub: 3 requests/ }).waitFor();
    await page.waitForTimeout(300);
    await shoot(page, "traffic");
  });

  it("fits a phone's width", async () => {
    const phone = await session.context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    // The token is kept per tab (sessionStorage): a new tab signs in again.
    await signIn(phone, session.platform, `#/imposters/${PORT}/requests`);
    await phone.getByRole("link", { name: "Requests (3)" }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(phone, "phone-requests");
    await phone.close();
  });
});
