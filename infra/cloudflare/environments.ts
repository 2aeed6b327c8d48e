/**
 * The Cloudflare environments the platform deploys to. Each is a whole copy of the platform: its own two
 * Workers, KV namespace, D1 database and imposter objects, named after the local ones with `-<env>` added.
 * Nothing here is account-specific: ids are looked up or created at deploy time (resources.ts) and the zone
 * comes from `--zone`, so the same repository deploys to any account.
 */
export interface EnvironmentSpec {
  /** The workspace of admin calls without a workspace token, which is also the one the front door serves. */
  workspace: string;
  /** Mountebank's --allowInjection for the whole environment; a workspace can still allow it on its own. */
  allowInjection: boolean;
  /**
   * Mountebank's --origin: origins whose pages may call the admin API, with CORS (the admin Worker's
   * ALLOWED_ORIGINS). None by default: tokens travel in x-api-key, so only a page the team chose may hold one.
   */
  allowedOrigins: readonly string[];
}

export const ENVIRONMENTS: Readonly<Record<string, EnvironmentSpec>> = {
  staging: { workspace: "default", allowInjection: false, allowedOrigins: [] },
  production: { workspace: "default", allowInjection: false, allowedOrigins: [] },
};

/**
 * Vars a deployed Worker must not carry in plain text. API_KEY is set with `wrangler secret put` or
 * MOCKCTL_API_KEY at deploy time: a var of the same name would clash with the secret.
 */
export const SECRET_VARS: ReadonlySet<string> = new Set(["API_KEY"]);

/** Workers, KV titles and D1 names: the local name plus the environment, e.g. mockctl-edge-staging. */
export const inEnv = (localName: string, env: string): string => `${localName}-${env}`;

/** Account ids, keyed by the local names that tie bindings together (both Workers share "mockctl-snapshots"). */
export interface Resources {
  /** KV namespace id by the binding's local `id`. */
  kv: Record<string, string>;
  /** D1 database id by the binding's local `database_name`. */
  d1: Record<string, string>;
}

/** Where and as what one environment is deployed. */
export interface Target {
  env: string;
  spec: EnvironmentSpec;
  /** The Cloudflare zone for host addressing (`<port>.<zone>`); without one, workers.dev paths only. */
  zone: string | undefined;
  resources: Resources;
}

export function environment(env: string): EnvironmentSpec {
  const spec = ENVIRONMENTS[env];
  if (spec === undefined) {
    throw new Error(`unknown environment "${env}": choose one of ${Object.keys(ENVIRONMENTS).join(", ")}`);
  }
  return spec;
}
