import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mbDatadirPorts, mbDatadirWarning } from "./mb-datadir.ts";

const root = mkdtempSync(join(tmpdir(), "mockctl-mb-datadir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function folder(name: string, imposters: string[], others: string[] = []): string {
  const at = join(root, name);
  for (const port of imposters) {
    mkdirSync(join(at, port, "stubs"), { recursive: true });
    writeFileSync(join(at, port, "imposter.json"), "{}");
  }
  for (const other of others) mkdirSync(join(at, other), { recursive: true });
  return at;
}

describe("an mb --datadir given as the data folder", () => {
  it("is told apart by its <port>/imposter.json folders", () => {
    const mb = folder("mb", ["4546", "4545"], ["do", "d1"]);
    expect(mbDatadirPorts(mb)).toEqual([4545, 4546]);
    expect(mbDatadirWarning(mb)).toContain(`${mb} holds 2 imposter(s) of mb's --datadir (4545, 4546)`);
    expect(mbDatadirWarning(mb)).toContain("npx mockctl import --from http://localhost:2526");
  });

  it.each([
    ["the platform's own folder", folder("ours", [], ["do", "d1", "kv", "4545"])],
    ["a folder that does not exist yet", join(root, "new")],
  ])("is not found in %s", (_, at) => {
    expect(mbDatadirWarning(at)).toBeUndefined();
  });
});
