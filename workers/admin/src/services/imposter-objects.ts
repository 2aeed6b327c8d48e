import type { ImposterObjectApi } from "../../../edge/src/contract.ts";

/**
 * The imposter's Durable Object (class ImposterObject in mockctl-edge), named `${workspace}:${port}` as the
 * contract fixes. The binding is typed without the class because the class lives in another Worker.
 */
export function imposterObject(env: Env, workspaceId: string, port: number): ImposterObjectApi {
  const namespace = env.IMPOSTERS;
  const stub = namespace.get(namespace.idFromName(`${workspaceId}:${port}`));
  return stub as unknown as ImposterObjectApi;
}
