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

/**
 * Only the pointer goes: old versions stay readable for any isolate still holding them. Best effort, like
 * publishQuietly: an isolate that still finds the pointer asks the object, which knows the imposter is gone.
 */
export async function withdrawSnapshot(
  kv: KVNamespace,
  workspaceId: string,
  port: number,
  log: (message: string) => void = console.error,
) {
  try {
    await kv.delete(pointerKey(workspaceId, port));
  } catch (error) {
    log(
      `snapshot pointer of ${workspaceId}:${port} not withdrawn: ${error instanceof Error ? error.message : error}`,
    );
  }
}

/**
 * Publishing is best effort once the object has committed: KV takes one write per second per key, so quick
 * successive changes to one imposter can be refused, and failing the admin call then would report a change
 * as lost that is already in effect. The edge never trusts KV beyond a first load: it checks the object's
 * version at once (workers/edge/src/loading.ts), so a missed write only costs that isolate one round trip.
 */
export async function publishQuietly(
  kv: KVNamespace,
  workspaceId: string,
  record: ImposterRecord,
  log: (message: string) => void = console.error,
): Promise<boolean> {
  try {
    await publishSnapshot(kv, workspaceId, record);
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`snapshot of ${workspaceId}:${record.imposter.port} v${record.version} not published: ${reason}`);
    return false;
  }
}
