import { decodeProxyTls, PROXY_TLS_HEADER } from "@mockctl/contract/proxy-out";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchHttps } from "./through-launcher.ts";

/** A stand-in for the launcher's PROXY_OUT binding: records what it was sent, answers `from launcher`. */
function launcher() {
  const sent: Array<{ url: string; tls: ReturnType<typeof decodeProxyTls>; method?: string }> = [];
  const binding = {
    fetch: async (url: string, init: RequestInit) => {
      const tls = decodeProxyTls(new Headers(init.headers).get(PROXY_TLS_HEADER));
      sent.push({ url, tls, ...(init.method === undefined ? {} : { method: init.method }) });
      return new Response("from launcher");
    },
  } as unknown as Fetcher;
  return { binding, sent };
}

const init = (): RequestInit => ({ method: "POST", headers: { accept: "*/*" }, body: "x" });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchHttps", () => {
  it("sends a proxy with a client identity through the launcher, its TLS fields in the header", async () => {
    const direct = vi.fn(async () => new Response("direct"));
    vi.stubGlobal("fetch", direct);
    const { binding, sent } = launcher();
    const proxy = { to: "https://a.test", key: "KEY\nLINE", cert: "CERT", passphrase: "pässword", mode: "x" };
    const answer = await fetchHttps("https://a.test/p", init(), proxy, 900, binding);
    expect(await answer.text()).toBe("from launcher");
    expect(direct).not.toHaveBeenCalled();
    expect(sent).toEqual([
      {
        url: "https://a.test/p",
        method: "POST",
        tls: { key: "KEY\nLINE", cert: "CERT", passphrase: "pässword", limitMs: 900 },
      },
    ]);
  });

  it("tries fetch first, and once it failed for an origin sends that origin's requests to the launcher", async () => {
    const direct = vi.fn(async () => {
      throw new Error("TLS peer's certificate is not trusted");
    });
    vi.stubGlobal("fetch", direct);
    const { binding, sent } = launcher();
    const proxy = { to: "https://self-signed.test" };
    for (const path of ["/1", "/2"]) {
      expect(
        await (await fetchHttps(`https://self-signed.test${path}`, init(), proxy, 900, binding)).text(),
      ).toBe("from launcher");
    }
    expect(direct).toHaveBeenCalledTimes(1);
    expect(sent.map(({ url }) => url)).toEqual(["https://self-signed.test/1", "https://self-signed.test/2"]);
  });

  it.each([
    ["http origins", "http://plain.test/", launcher().binding],
    ["a platform without the launcher (Cloudflare)", "https://trusted.test/", undefined],
  ])("leaves %s to fetch alone", async (_, url, binding) => {
    const direct = vi.fn(async () => new Response("direct"));
    vi.stubGlobal("fetch", direct);
    const proxy = { to: url, cert: "CERT", key: "KEY" };
    const answer = await fetchHttps(url, init(), proxy, 900, binding);
    expect(await answer.text()).toBe("direct");
  });

  it("fails as fetch failed when the limit ran out, without asking the launcher", async () => {
    const controller = new AbortController();
    vi.stubGlobal("fetch", async () => {
      controller.abort();
      throw new Error("aborted");
    });
    const { binding, sent } = launcher();
    const request = { ...init(), signal: controller.signal };
    await expect(
      fetchHttps("https://slow.test/", request, { to: "https://slow.test" }, 900, binding),
    ).rejects.toThrow("aborted");
    expect(sent).toEqual([]);
  });
});
