import { describe, expect, it } from "vitest";
import { PAGE_SANDBOX } from "../src/page-sandbox.ts";
import { freshPort, imposter, objectFor, send } from "./helpers.ts";

const PAGE = "<script>fetch('/imposters', { method: 'POST', body: '{}' })</script>";

async function pageImposter(headers: Record<string, string> = { "Content-Type": "text/html" }) {
  const port = freshPort();
  await objectFor(port).put(imposter(port, { stubs: [{ responses: [{ is: { body: PAGE, headers } }] }] }));
  return port;
}

describe("a page an imposter serves on the admin API's origin", () => {
  it.each(["document", "iframe", "object"])("is sandboxed when a browser opens it as a %s", async (dest) => {
    const port = await pageImposter();
    const answer = await send(`/i/${port}/`, {
      headers: { "sec-fetch-dest": dest, "sec-fetch-mode": "navigate" },
    });
    expect(answer.headers.get("content-security-policy")).toBe(PAGE_SANDBOX);
    expect(await answer.text()).toBe(PAGE);
    expect(answer.headers.get("content-type")).toBe("text/html");
  });

  it("keeps the stub's own policy beside the sandbox", async () => {
    const port = await pageImposter({ "Content-Security-Policy": "default-src 'self'" });
    const answer = await send(`/w/local/i/${port}/`, { headers: { "sec-fetch-dest": "document" } });
    expect(answer.headers.get("content-security-policy")).toBe(`default-src 'self', ${PAGE_SANDBOX}`);
  });

  it.each([
    ["a test client (no Sec-Fetch-Dest)", {}],
    ["a page's own fetch", { "sec-fetch-dest": "empty", "sec-fetch-mode": "cors" }],
    ["an image", { "sec-fetch-dest": "image" }],
  ])("is mb's answer unchanged for %s", async (_, headers) => {
    const port = await pageImposter();
    const answer = await send(`/i/${port}/`, { headers });
    expect(answer.headers.get("content-security-policy")).toBeNull();
    expect(await answer.text()).toBe(PAGE);
  });

  it("is not sandboxed on an origin of its own (host addressing)", async () => {
    const port = await pageImposter();
    const answer = await send(`http://${port}.localhost/`, { headers: { "sec-fetch-dest": "document" } });
    expect(answer.headers.get("content-security-policy")).toBeNull();
  });
});
