import { dataSourcePathSchema, PLATFORM_PATHS, putDataSourceSchema } from "@mockctl/contract";
import { MbFailure } from "@mockctl/core";
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { deleteDataSource, getDataSource, listDataSources, putDataSource } from "../services/data-sources.ts";

/** A body or query that does not fit the contract's schema: Mountebank's `bad data`, naming the field. */
interface Schema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

function parsed<T>(schema: Schema<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = [what, ...(issue?.path ?? []).map(String)].join(".");
  throw new MbFailure({
    code: "bad data",
    message: `invalid value for '${field}': ${issue?.message ?? "invalid"}`,
  });
}

const pathOf = (query: string | undefined) => parsed(dataSourcePathSchema, query, "path");

// The single-file route's path, without its query (PLATFORM_PATHS.dataSource builds the query).
const ONE = PLATFORM_PATHS.dataSource("").split("?")[0] ?? "/platform/data-source";

/**
 * Uploaded lookup CSVs (issue 7), per workspace: a lookup whose `fromDataSource.csv.path` is an uploaded
 * path reads the upload, on every platform. Mounted in the admin app, so the caller's token decides the
 * workspace, as for every admin route.
 */
export const dataSources = new Hono<AppEnv>()
  .get(PLATFORM_PATHS.dataSources, async (c) => {
    return c.json({ dataSources: await listDataSources(c.get("admin")) });
  })
  .put(PLATFORM_PATHS.dataSources, async (c) => {
    const input = parsed(putDataSourceSchema, c.get("body"), "body");
    return c.json(await putDataSource(c.get("admin"), input));
  })
  .get(ONE, async (c) => c.json(await getDataSource(c.get("admin"), pathOf(c.req.query("path")))))
  .delete(ONE, async (c) => c.json(await deleteDataSource(c.get("admin"), pathOf(c.req.query("path")))));
