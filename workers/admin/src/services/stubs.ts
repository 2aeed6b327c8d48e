import type { ImposterRecord } from "@mockctl/contract";
import { unwrap } from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { imposterObject } from "./imposter-objects.ts";
import { changed } from "./imposters.ts";
import { validAddStub, validNewStub, validStubIndex, validStubs } from "./validation.ts";
import { assertRoomForStubs } from "./workspace-limits.ts";

const objectOf = (admin: AdminContext, record: ImposterRecord) =>
  imposterObject(admin.env, admin.principal.workspaceId, record.imposter.port);

/** POST /imposters/:id/stubs with `{index?, stub}`; the index defaults to the end. */
export async function addStub(
  admin: AdminContext,
  record: ImposterRecord,
  body: unknown,
  ifVersion?: number,
) {
  const { index, stub } = await validAddStub(admin, body, record.imposter.stubs.length);
  await assertRoomForStubs(admin, record, record.imposter.stubs.toSpliced(index, 0, stub));
  const updated = unwrap(await objectOf(admin, record).addStub(stub, index, ifVersion));
  await changed(admin, updated, "stub.add", index);
  return updated;
}

/** As in mb, the index is checked (404) before the new stub is validated (400). */
export async function replaceStub(
  admin: AdminContext,
  record: ImposterRecord,
  segment: string,
  body: unknown,
  ifVersion?: number,
) {
  const index = validStubIndex(segment, record.imposter.stubs.length);
  const stub = await validNewStub(admin, body);
  await assertRoomForStubs(admin, record, record.imposter.stubs.toSpliced(index, 1, stub));
  const updated = unwrap(await objectOf(admin, record).replaceStub(index, stub, ifVersion));
  await changed(admin, updated, "stub.replace", index);
  return updated;
}

export async function deleteStub(
  admin: AdminContext,
  record: ImposterRecord,
  segment: string,
  ifVersion?: number,
) {
  const index = validStubIndex(segment, record.imposter.stubs.length);
  const updated = unwrap(await objectOf(admin, record).deleteStub(index, ifVersion));
  await changed(admin, updated, "stub.delete", index);
  return updated;
}

/** PUT /imposters/:id/stubs replaces every stub, which restarts response cycling. */
export async function replaceStubs(
  admin: AdminContext,
  record: ImposterRecord,
  body: unknown,
  ifVersion?: number,
) {
  const stubs = await validStubs(admin, body);
  await assertRoomForStubs(admin, record, stubs);
  const updated = unwrap(await objectOf(admin, record).replaceStubs(stubs, ifVersion));
  await changed(admin, updated, "stubs.replace");
  return updated;
}
