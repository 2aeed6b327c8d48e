import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startDev } from "./dev-process.ts";

const answers = (url: string) =>
  fetch(`${url}/imposters`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

// `mockctl dev` SIGKILLed (a CI runner's cleanup, the OOM killer) used to leave its launcher and workerd
// listening, so the next run found its port taken. The launcher now stops with it (setpriv's pdeathsig).
describe.skipIf(process.platform !== "linux")("mockctl dev killed with SIGKILL", () => {
  it("takes the platform down with it", async () => {
    const dev = await startDev(["--data", join(mkdtempSync(join(tmpdir(), "mockctl-killed-")), "data")]);
    expect(await answers(dev.url)).toBe(true);
    await dev.kill("SIGKILL");
    await expect.poll(() => answers(dev.url), { timeout: 15_000, interval: 250 }).toBe(false);
  }, 60_000);
});
