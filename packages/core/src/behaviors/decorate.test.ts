import { describe, expect, it, vi } from "vitest";
import { testRequest } from "../../test/behaviors/test-request.ts";
import { MbFailure } from "../errors.ts";
import { decorate } from "./decorate.ts";
import { refuseShellTransform } from "./shell-transform.ts";

describe("decorate", () => {
  it("hands source, request and response to the seam and takes its answer", async () => {
    const seam = vi.fn(async () => ({ body: "decorated" }));
    const request = testRequest();
    expect(await decorate(request, { body: "x" }, "fn", { decorate: seam })).toEqual({ body: "decorated" });
    expect(seam).toHaveBeenCalledWith("fn", request, { body: "x" });
  });

  it("keeps the response when the seam answers nothing (a function that mutated in place)", async () => {
    const seam = async () => undefined as never;
    const response = { body: "x" };
    expect(await decorate(testRequest(), response, "fn", { decorate: seam })).toBe(response);
  });

  it("refuses without a seam", async () => {
    await expect(decorate(testRequest(), {}, "fn", {})).rejects.toMatchObject({
      errors: [{ code: "invalid injection", source: "fn" }],
    });
  });
});

describe("refuseShellTransform", () => {
  it("always refuses", () => {
    expect(() => refuseShellTransform("cat")).toThrow(MbFailure);
    expect(() => refuseShellTransform("cat")).toThrow(/not supported/);
  });
});
