import type { ImposterRecord } from "../../../edge/src/contract.ts";

/**
 * The KV layout for isolates that cannot ask the imposter's object on every request (DESIGN.md, "State and
 * consistency"): `${workspace}:${port}:${version}` holds the validated definition as JSON, and
 * `${workspace}:${port}` names the latest version. Object versions survive deletion, so a snapshot key is
 * never rewritten with another definition.
 */
export const snapshotKey = (workspaceId: string, port: number, version: number) =>
  `${workspaceId}:${port}:${version}`;
export const pointerKey = (workspaceId: string, port: number) => `${workspaceId}:${port}`;

export async function publishSnapshot(kv: KVNamespace, workspaceId: string, record: ImposterRecord) {
  const { port } = record.imposter;
  await kv.put(snapshotKey(workspaceId, port, record.version), JSON.stringify(record.imposter));
  await kv.put(pointerKey(workspaceId, port), String(record.version));
}

/** Only the pointer goes: old versions stay readable for any isolate still holding them. */
export async function withdrawSnapshot(kv: KVNamespace, workspaceId: string, port: number) {
  await kv.delete(pointerKey(workspaceId, port));
}
