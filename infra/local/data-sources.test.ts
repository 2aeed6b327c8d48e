import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_DATA_SOURCE_BYTES } from "@mockctl/contract/data-sources";
import { afterAll, describe, expect, it } from "vitest";
import { dataSourceService } from "./data-sources.ts";

const root = mkdtempSync(join(tmpdir(), "mockctl-data-sources-"));
writeFileSync(join(root, "people.csv"), "id,name\n1,Ada\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = (path: string | null) => {
  const url = new URL("http://data-sources/read");
  if (path !== null) url.searchParams.set("path", path);
  return dataSourceService(root)(new Request(url));
};

describe("the local data-source service", () => {
  it.each([
    ["a path relative to the folder the platform started in", "people.csv"],
    ["an absolute path", join(root, "people.csv")],
  ])("reads %s", async (_, path) => {
    const response = await read(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("id,name\n1,Ada\n");
  });

  it("reads the file again on every request, as mb does", async () => {
    writeFileSync(join(root, "edited.csv"), "id\n1\n");
    expect(await (await read("edited.csv")).text()).toBe("id\n1\n");
    writeFileSync(join(root, "edited.csv"), "id\n2\n");
    expect(await (await read("edited.csv")).text()).toBe("id\n2\n");
  });

  it.each([
    ["a missing file", "nope.csv", 404],
    ["a folder", ".", 404],
    ["a device that never ends", "/dev/zero", 404],
    ["no path", null, 400],
  ])("answers %s with %d", async (_, path, status) => {
    expect((await read(path)).status).toBe(status);
  });

  it("reads a file of the upload's bound, and refuses one a byte past it with 413", async () => {
    writeFileSync(join(root, "full.csv"), "x".repeat(MAX_DATA_SOURCE_BYTES));
    writeFileSync(join(root, "over.csv"), "x".repeat(MAX_DATA_SOURCE_BYTES + 1));
    expect((await (await read("full.csv")).arrayBuffer()).byteLength).toBe(MAX_DATA_SOURCE_BYTES);
    expect((await read("over.csv")).status).toBe(413);
  });

  it("answers a FIFO nobody writes to as a missing file, at once", async () => {
    execFileSync("mkfifo", [join(root, "pipe.csv")]);
    const begun = Date.now();
    expect((await read("pipe.csv")).status).toBe(404);
    expect(Date.now() - begun).toBeLessThan(1_000);
  });
});
