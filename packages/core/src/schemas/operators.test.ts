import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** What the edge Worker takes from the core: matching, responses and user code, never validation. */
const SERVING_API = [
  "badData",
  "createEngine",
  "emptyState",
  "badStubIndex",
  "MbFailure",
  "normalizeRequest",
  "UserFunctionSet",
  "userCodeError",
  "userFunctionsOf",
];

describe("zod-free runtime constants (operators.ts)", () => {
  it("keep zod out of a bundle of the serving path", async () => {
    const result = await build({
      stdin: {
        contents: `export { ${SERVING_API.join(", ")} } from "./index.ts";`,
        loader: "ts",
        resolveDir: fileURLToPath(new URL("..", import.meta.url)),
      },
      bundle: true,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["module", "main"],
      write: false,
      metafile: true,
      logLevel: "error",
    });
    const [output] = Object.values(result.metafile.outputs);
    const included = Object.entries(output?.inputs ?? {}).filter(([, input]) => input.bytesInOutput > 0);
    expect(included.length).toBeGreaterThan(20);
    expect(included.map(([path]) => path).filter((path) => path.includes("node_modules/zod"))).toEqual([]);
  });
});
