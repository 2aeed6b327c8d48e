import { type ImposterObjectApi, objectName } from "@mockctl/contract";

/**
 * The imposter's Durable Object (class ImposterObject in mockctl-edge), named as the front door names it.
 * The binding is typed without the class because the class lives in another Worker.
 */
export function imposterObject(env: Env, workspaceId: string, port: number): ImposterObjectApi {
  const namespace = env.IMPOSTERS;
  const stub = namespace.get(namespace.idFromName(objectName(workspaceId, port)));
  return stub as unknown as ImposterObjectApi;
}
