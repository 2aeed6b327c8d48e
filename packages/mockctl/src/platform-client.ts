import {
  auditPageSchema,
  type CreateToken,
  type CreateWorkspace,
  createdTokenSchema,
  createdWorkspaceSchema,
  PLATFORM_PATHS,
  tokenListSchema,
  tokenSchema,
  workspaceSchema,
} from "@mockctl/contract/platform-api";
import type { z } from "zod";
import type { Answer, Connection } from "./client.ts";
import { CliError } from "./output.ts";

/**
 * The platform API (`PLATFORM_PATHS` in @mockctl/contract/platform-api), through the typed client. Every
 * answer is checked with the contract's zod schema, so a platform that answers another shape fails here
 * with what differed rather than printing `undefined`.
 */
export interface PlatformClient {
  createWorkspace(request: CreateWorkspace): Promise<z.infer<typeof createdWorkspaceSchema>>;
  getWorkspace(): Promise<z.infer<typeof workspaceSchema>>;
  updateWorkspace(patch: { allowInjection?: boolean }): Promise<z.infer<typeof workspaceSchema>>;
  listTokens(): Promise<z.infer<typeof tokenSchema>[]>;
  createToken(request: CreateToken): Promise<z.infer<typeof createdTokenSchema>>;
  revokeToken(id: string): Promise<z.infer<typeof tokenSchema>>;
  audit(query: { limit?: number; before?: number }): Promise<z.infer<typeof auditPageSchema>>;
}

function checked<T>(schema: z.ZodType<T>, what: string, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new CliError(
    `${what} answered in a shape this mockctl does not know`,
    result.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`),
    "The platform and this CLI may be of different versions: update the one that is older.",
  );
}

const query = (q: Record<string, number | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

export function createPlatformClient({ api, call }: Pick<Connection, "api" | "call">): PlatformClient {
  const p = api.platform;
  const ask = async <T>(schema: z.ZodType<T>, what: string, send: () => Promise<Answer>): Promise<T> =>
    checked(schema, what, await call(what, send));
  const { workspaces, workspace, tokens, audit } = PLATFORM_PATHS;
  return {
    createWorkspace: (json) =>
      ask(createdWorkspaceSchema, `POST ${workspaces}`, () => p.workspaces.$post({ json })),
    getWorkspace: () => ask(workspaceSchema, `GET ${workspace}`, () => p.workspace.$get()),
    updateWorkspace: (json) => ask(workspaceSchema, `PATCH ${workspace}`, () => p.workspace.$patch({ json })),
    listTokens: async () => (await ask(tokenListSchema, `GET ${tokens}`, () => p.tokens.$get())).tokens,
    createToken: (json) => ask(createdTokenSchema, `POST ${tokens}`, () => p.tokens.$post({ json })),
    revokeToken: (id) =>
      ask(tokenSchema, `DELETE ${PLATFORM_PATHS.token(id)}`, () =>
        p.tokens[":id"].$delete({ param: { id } }),
      ),
    audit: (q) => ask(auditPageSchema, `GET ${audit}`, () => p.audit.$get({ query: query(q) })),
  };
}
