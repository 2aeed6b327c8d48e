import { afterEach, expect, it } from "vitest";
import { ensureK6 } from "./k6-binary.ts";

const given = process.env.K6;
afterEach(() => {
  if (given === undefined) delete process.env.K6;
  else process.env.K6 = given;
});

it("refuses a K6 the user named that does not run, instead of measuring with another k6", async () => {
  process.env.K6 = "/nonexistent/k6";
  await expect(ensureK6()).rejects.toThrow("K6=/nonexistent/k6 does not run as k6");
});
