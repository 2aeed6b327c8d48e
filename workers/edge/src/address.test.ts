import { describe, expect, it } from "vitest";
import { resolveAddress } from "./address.ts";

const resolve = (url: string) => resolveAddress(new URL(url), "localhost");

describe("resolveAddress", () => {
  it.each([
    ["http://127.0.0.1:2525/i/4545/rest/of/path", 4545, "/rest/of/path"],
    ["http://127.0.0.1:2525/i/4545", 4545, "/"],
    ["http://127.0.0.1:2525/i/4545/", 4545, "/"],
    ["http://127.0.0.1:2525/i/4545?a=1&b", 4545, "/?a=1&b"],
    ["http://127.0.0.1:2525/i/4545/x?q=%20", 4545, "/x?q=%20"],
    ["http://127.0.0.1:2525/i/65535/a", 65535, "/a"],
    ["http://127.0.0.1:2525/i/1/i/2", 1, "/i/2"],
    ["http://4545.localhost:2525/orders?id=3", 4545, "/orders?id=3"],
    ["http://4545.LOCALHOST/", 4545, "/"],
    // By host, the path belongs to the imposter, even one that looks like path addressing.
    ["http://4545.localhost/i/9999/x", 4545, "/i/9999/x"],
  ])("%s addresses imposter %i at %s", (url, port, target) => {
    expect(resolve(url)).toEqual({ port, target });
  });

  it.each([
    "http://127.0.0.1:2525/imposters",
    "http://127.0.0.1:2525/imposters/4545",
    "http://127.0.0.1:2525/",
    "http://127.0.0.1:2525/i/",
    "http://127.0.0.1:2525/i/abc",
    "http://127.0.0.1:2525/i/4545x",
    "http://127.0.0.1:2525/i/0",
    "http://127.0.0.1:2525/i/04545",
    "http://127.0.0.1:2525/i/65536",
    "http://127.0.0.1:2525/x/i/4545",
    "http://localhost:2525/i",
    "http://a.4545.localhost/",
    "http://4545.example.com/",
    "http://api.localhost/",
  ])("%s belongs to the admin API", (url) => {
    expect(resolve(url)).toBeNull();
  });
});
