import {
  type DataSourceView,
  MAX_DATA_SOURCE_BYTES,
  type PutDataSource,
  uploadedDataSourceKey,
  uploadedDataSourcesPrefix,
} from "@mockctl/contract";
import { MbFailure } from "@mockctl/core";
import type { AdminContext } from "../env.ts";
import { audit } from "./audit.ts";

/**
 * A workspace's uploaded lookup CSVs (issue 7), in the SNAPSHOTS KV namespace: the edge already binds it
 * and reads it at every location, and a lookup reads its file on every request (as mb does), which KV's
 * edge cache serves without a round trip to storage; R2 would be consistent at once but would cost that
 * round trip per lookup, and a new binding in every environment. The price is KV's: a change is seen at
 * once where it was made, elsewhere within a minute or so (README, "Consistency").
 */
type Metadata = Omit<DataSourceView, "path">;

const target = (path: string) => `data-source:${path}`;

const noSuchDataSource = (path: string) =>
  new MbFailure({ code: "no such resource", message: `no data source has the path ${JSON.stringify(path)}` });

export async function putDataSource(admin: AdminContext, input: PutDataSource): Promise<DataSourceView> {
  const size = new TextEncoder().encode(input.content).byteLength;
  if (size > MAX_DATA_SOURCE_BYTES) {
    throw new MbFailure({
      code: "limit exceeded",
      message: `a data source may hold at most ${MAX_DATA_SOURCE_BYTES} bytes; this one has ${size}`,
    });
  }
  const metadata: Metadata = { size, uploadedAt: new Date().toISOString() };
  const key = uploadedDataSourceKey(admin.principal.workspaceId, input.path);
  await admin.env.SNAPSHOTS.put(key, input.content, { metadata });
  await audit(admin.db, admin.principal, "data-source.put", target(input.path));
  return { path: input.path, ...metadata };
}

export async function listDataSources(admin: AdminContext): Promise<DataSourceView[]> {
  const prefix = uploadedDataSourcesPrefix(admin.principal.workspaceId);
  const views: DataSourceView[] = [];
  let cursor: string | undefined;
  do {
    const page = await admin.env.SNAPSHOTS.list<Metadata>({ prefix, ...(cursor ? { cursor } : {}) });
    for (const key of page.keys) {
      const metadata = key.metadata ?? { size: 0, uploadedAt: new Date(0).toISOString() };
      views.push({ path: key.name.slice(prefix.length), ...metadata });
    }
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor !== undefined);
  return views;
}

export async function getDataSource(admin: AdminContext, path: string) {
  const key = uploadedDataSourceKey(admin.principal.workspaceId, path);
  const found = await admin.env.SNAPSHOTS.getWithMetadata<Metadata>(key);
  if (found.value === null || found.metadata === null) throw noSuchDataSource(path);
  return { path, ...found.metadata, content: found.value };
}

export async function deleteDataSource(admin: AdminContext, path: string): Promise<DataSourceView> {
  const { content: _, ...view } = await getDataSource(admin, path);
  await admin.env.SNAPSHOTS.delete(uploadedDataSourceKey(admin.principal.workspaceId, path));
  await audit(admin.db, admin.principal, "data-source.delete", target(path));
  return view;
}
