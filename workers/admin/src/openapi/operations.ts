import {
  auditPageSchema,
  auditQuerySchema,
  createdTokenSchema,
  createdWorkspaceSchema,
  createTokenSchema,
  createWorkspaceSchema,
  dataSourceListSchema,
  dataSourcePathSchema,
  dataSourceSchema,
  dataSourceWithContentSchema,
  explainAnswerSchema,
  explainRequestSchema,
  journalStreamQuerySchema,
  PLATFORM_PATHS,
  putDataSourceSchema,
  tokenListSchema,
  tokenSchema,
  updateWorkspaceSchema,
  workspaceSchema,
  workspaceWithCallerSchema,
} from "@mockctl/contract";
import { ImposterDraftSchema, StubSchema } from "@mockctl/core";
import { z } from "zod";
import {
  addStubBodySchema,
  configSchema,
  homeSchema,
  imposterListSchema,
  impostersBodySchema,
  logsSchema,
  printedImposterSchema,
  stubsBodySchema,
} from "./schemas.ts";

/** One operation of the admin API, with its path in Hono's form (`/imposters/:id`). */
export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  tag: "mountebank" | "mockctl" | "platform";
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Takes `If-Match` with the imposter's ETag (ours: the change happens only at that version, else 412). */
  ifMatch?: true;
  /** The success answer: a schema for JSON, or a media type and description for anything else. */
  answer: { status: number; schema: z.ZodType } | { status: number; mediaType: string; description: string };
}

const flags = z.object({
  replayable: z.enum(["true", "false"]).optional(),
  removeProxies: z.enum(["true", "false"]).optional(),
});
/** Ours: `overview=true` adds `lastActivity` and `stubCount` to each imposter of the list (printing.ts). */
const listFlagsQuery = flags.extend({ overview: z.enum(["true", "false"]).optional() });
const logRange = z.object({ startIndex: z.string().optional(), endIndex: z.string().optional() });
const imposter = { status: 200, schema: printedImposterSchema };
const mb = "mountebank" as const;

/** Mountebank 2.9.1's admin routes, as this platform serves them. */
const MOUNTEBANK: Operation[] = [
  {
    method: "get",
    path: "/",
    summary: "Links to the API's resources",
    tag: mb,
    answer: { status: 200, schema: homeSchema },
  },
  {
    method: "get",
    path: "/imposters",
    summary: "List imposters",
    tag: mb,
    query: listFlagsQuery,
    answer: { status: 200, schema: imposterListSchema },
  },
  {
    method: "post",
    path: "/imposters",
    summary: "Create an imposter",
    tag: mb,
    body: ImposterDraftSchema,
    answer: { status: 201, schema: printedImposterSchema },
  },
  {
    method: "put",
    path: "/imposters",
    summary: "Replace every imposter",
    tag: mb,
    body: impostersBodySchema,
    answer: { status: 200, schema: imposterListSchema },
  },
  {
    method: "delete",
    path: "/imposters",
    summary: "Delete every imposter",
    tag: mb,
    query: flags,
    answer: { status: 200, schema: imposterListSchema },
  },
  {
    method: "get",
    path: "/imposters/:id",
    summary: "Read an imposter",
    tag: mb,
    query: flags,
    answer: imposter,
  },
  {
    method: "delete",
    path: "/imposters/:id",
    summary: "Delete an imposter ({} when there is none)",
    tag: mb,
    query: flags,
    answer: imposter,
  },
  {
    method: "delete",
    path: "/imposters/:id/savedProxyResponses",
    summary: "Remove recorded proxy responses",
    tag: mb,
    answer: imposter,
  },
  {
    method: "delete",
    path: "/imposters/:id/requests",
    summary: "Remove recorded proxy responses (deprecated alias)",
    tag: mb,
    answer: imposter,
  },
  {
    method: "delete",
    path: "/imposters/:id/savedRequests",
    summary: "Clear the recorded requests",
    tag: mb,
    answer: imposter,
  },
  {
    method: "put",
    path: "/imposters/:id/stubs",
    summary: "Replace all stubs",
    tag: mb,
    body: stubsBodySchema,
    ifMatch: true,
    answer: imposter,
  },
  {
    method: "post",
    path: "/imposters/:id/stubs",
    summary: "Add a stub (at index, else last)",
    tag: mb,
    body: addStubBodySchema,
    ifMatch: true,
    answer: imposter,
  },
  {
    method: "put",
    path: "/imposters/:id/stubs/:stubIndex",
    summary: "Replace one stub",
    tag: mb,
    body: StubSchema,
    ifMatch: true,
    answer: imposter,
  },
  {
    method: "delete",
    path: "/imposters/:id/stubs/:stubIndex",
    summary: "Delete one stub",
    tag: mb,
    ifMatch: true,
    answer: imposter,
  },
  {
    method: "get",
    path: "/config",
    summary: "The server's configuration",
    tag: mb,
    answer: { status: 200, schema: configSchema },
  },
  {
    method: "get",
    path: "/logs",
    summary: "Recent log entries",
    tag: mb,
    query: logRange,
    answer: { status: 200, schema: logsSchema },
  },
  {
    method: "get",
    path: "/metrics",
    summary: "Prometheus metrics",
    tag: mb,
    answer: { status: 200, mediaType: "text/plain", description: "Prometheus text exposition" },
  },
];

/** The platform's own additions to Mountebank's API (journal-api.ts, this document). */
const MOCKCTL: Operation[] = [
  {
    method: "get",
    path: "/imposters/:id/requests/stream",
    summary:
      "The live journal: server-sent `hello`, `request`, `stubs` and `version` events (journal-api.ts)",
    tag: "mockctl",
    query: journalStreamQuerySchema,
    answer: {
      status: 200,
      mediaType: "text/event-stream",
      description:
        "`event: hello` (data: JournalHello), then `event: request` per recorded request (JournalRequest) `event: stubs` per answer a proxy recorded into the stubs (JournalStubs), and `event: version` per new version of the imposter, whoever changed it (JournalVersion)",
    },
  },
  {
    method: "post",
    path: "/imposters/:id/explain",
    summary: "Which stub answers a request, and why the closest others do not",
    tag: "mockctl",
    body: explainRequestSchema,
    answer: { status: 200, schema: explainAnswerSchema },
  },
  {
    method: "get",
    path: "/openapi.json",
    summary: "This document",
    tag: "mockctl",
    answer: { status: 200, mediaType: "application/json", description: "OpenAPI 3.1" },
  },
];

const plat = "platform" as const;
const oneDataSource = PLATFORM_PATHS.dataSource("").split("?")[0] ?? "/platform/data-source";
const byPath = z.object({ path: dataSourcePathSchema });
/** A data-source route of the platform API; it answers 200 with the data source unless `rest` says otherwise. */
const dataSourceOp = (
  method: Operation["method"],
  path: string,
  summary: string,
  rest: Partial<Operation>,
): Operation => ({
  method,
  path,
  summary,
  tag: plat,
  answer: { status: 200, schema: dataSourceSchema },
  ...rest,
});
/** `@mockctl/contract` platform-api.ts: workspaces, tokens, the audit log and uploaded data sources. */
const PLATFORM: Operation[] = [
  {
    method: "post",
    path: PLATFORM_PATHS.workspaces,
    summary: "Create a workspace and its first admin token",
    tag: plat,
    body: createWorkspaceSchema,
    answer: { status: 201, schema: createdWorkspaceSchema },
  },
  {
    method: "get",
    path: PLATFORM_PATHS.workspace,
    summary: "The caller's workspace, and the caller's scope in it",
    tag: plat,
    answer: { status: 200, schema: workspaceWithCallerSchema },
  },
  {
    method: "patch",
    path: PLATFORM_PATHS.workspace,
    summary: "Change the workspace's settings",
    tag: plat,
    body: updateWorkspaceSchema,
    answer: { status: 200, schema: workspaceSchema },
  },
  {
    method: "get",
    path: PLATFORM_PATHS.tokens,
    summary: "List tokens (never a secret)",
    tag: plat,
    answer: { status: 200, schema: tokenListSchema },
  },
  {
    method: "post",
    path: PLATFORM_PATHS.tokens,
    summary: "Create a token (its secret shown once)",
    tag: plat,
    body: createTokenSchema,
    answer: { status: 201, schema: createdTokenSchema },
  },
  {
    method: "delete",
    path: PLATFORM_PATHS.token(":id").replace("%3A", ":"),
    summary: "Revoke a token",
    tag: plat,
    // The route answers the token as stored, revoked (a second revoke: revoked at its first time).
    answer: { status: 200, schema: tokenSchema },
  },
  {
    method: "get",
    path: PLATFORM_PATHS.audit,
    summary: "The audit log, newest first",
    tag: plat,
    query: auditQuerySchema,
    answer: { status: 200, schema: auditPageSchema },
  },
  // Uploaded data sources: one resource, each verb answering one of its shapes as JSON.
  dataSourceOp("get", PLATFORM_PATHS.dataSources, "List the workspace's uploaded lookup data sources", {
    answer: { status: 200, schema: dataSourceListSchema },
  }),
  dataSourceOp("put", PLATFORM_PATHS.dataSources, "Upload (or replace) a lookup CSV at a path", {
    body: putDataSourceSchema,
  }),
  dataSourceOp("get", oneDataSource, "One uploaded data source, with its content", {
    query: byPath,
    answer: { status: 200, schema: dataSourceWithContentSchema },
  }),
  dataSourceOp("delete", oneDataSource, "Delete an uploaded data source", { query: byPath }),
];

export const OPERATIONS: readonly Operation[] = [...MOUNTEBANK, ...MOCKCTL, ...PLATFORM];
