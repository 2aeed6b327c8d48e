import { freshPort, imposter, objectFor } from "./helpers.ts";

// The origins are the vitest config's outbound service: echo.test answers what it received as JSON,
// binary.test a PNG, slow.test after 2 s (the limit here is 500 ms). A dead origin: infra/e2e/proxy.
export const proxyTo = (to: string, fields: Record<string, unknown> = {}) => ({
  responses: [{ proxy: { to, predicateGenerators: [{ matches: { path: true } }], ...fields } }],
});

export async function create(stubs: unknown[], fields: Record<string, unknown> = {}) {
  const port = freshPort();
  await objectFor(port).put(imposter(port, { stubs: stubs as never, ...fields }));
  return port;
}

export const stubsOf = async (port: number) => (await objectFor(port).read())?.imposter.stubs ?? [];
