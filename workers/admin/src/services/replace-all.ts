import type { ImposterRecord } from "@mockctl/contract";
import type { ImposterDraft } from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import {
  assertNotReserved,
  createImposter,
  deleteAllImposters,
  deleteImposter,
  listImposters,
} from "./imposters.ts";
import { assertRoomForAll } from "./workspace-limits.ts";

/**
 * PUT /imposters: Mountebank deletes every imposter, then creates the new ones. The drafts come validated
 * (every error reported before anything changes, as in mb) and the new set must fit the workspace's limits; when a storage step fails midway, what was
 * created is removed and the previous imposters are put back, so a client sees the old set or the new
 * one, never a mix. The previous imposters come back with their definitions; their counters, journals and
 * response cursors start again, as after any re-creation.
 */
export async function replaceAllImposters(
  admin: AdminContext,
  drafts: ImposterDraft[],
): Promise<ImposterRecord[]> {
  assertNotReserved(drafts);
  assertRoomForAll(admin, drafts);
  const previous = await listImposters(admin);
  await deleteAllImposters(admin);
  const records: ImposterRecord[] = [];
  try {
    for (const draft of drafts) records.push(await createImposter(admin, draft));
    return records;
  } catch (error) {
    await restore(admin, records, previous);
    throw error;
  }
}

async function restore(admin: AdminContext, created: ImposterRecord[], previous: ImposterRecord[]) {
  for (const { imposter } of created) await deleteImposter(admin, imposter.port);
  for (const { imposter } of previous) await createImposter(admin, imposter);
}
