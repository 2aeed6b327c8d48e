import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import type { Target } from "./client.ts";
import { CliError } from "./output.ts";
import { checkTargetUrl } from "./target-url.ts";

/** The local platform, where `npm start` and `mockctl dev` listen (mb's port). */
export const DEFAULT_URL = "http://localhost:2525";

export interface Profile {
  url: string;
  token?: string;
}

export interface ProfileStore {
  current?: string;
  profiles: Record<string, Profile>;
}

/** $MOCKCTL_CONFIG, else $XDG_CONFIG_HOME/mockctl/profiles.json, else ~/.config/mockctl/profiles.json. */
export function storePath(env: NodeJS.ProcessEnv): string {
  if (env.MOCKCTL_CONFIG) return env.MOCKCTL_CONFIG;
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "mockctl", "profiles.json");
}

export function readStore(env: NodeJS.ProcessEnv): ProfileStore {
  const file = storePath(env);
  // Without a prototype: a name such as `constructor` or `toString` must not find Object's own.
  if (!existsSync(file)) return { profiles: Object.create(null) };
  try {
    const store = JSON.parse(readFileSync(file, "utf8")) as ProfileStore;
    return { current: store.current, profiles: Object.assign(Object.create(null), store.profiles ?? {}) };
  } catch (error) {
    throw new CliError(`could not read the profiles in ${file}`, [String(error)], "Fix or remove the file.");
  }
}

/** Tokens are secrets: the file is readable by its owner only. */
export function writeStore(env: NodeJS.ProcessEnv, store: ProfileStore): string {
  const file = storePath(env);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return file;
}

export interface TargetFlags {
  url?: string;
  token?: string;
  profile?: string;
}

/**
 * Where a command points, first found wins: --url, MOCKCTL_URL, --profile, MOCKCTL_PROFILE, the profile
 * chosen with `profiles use`, the local platform. The token follows the same order (--token, MOCKCTL_TOKEN,
 * then the chosen profile's), so a CI job can keep the URL in a profile and the token in a secret.
 */
export function resolveTarget(flags: TargetFlags, env: NodeJS.ProcessEnv): Target {
  const target = findTarget(flags, env);
  checkTargetUrl(target.url, target.source);
  return target;
}

function findTarget(flags: TargetFlags, env: NodeJS.ProcessEnv): Target {
  const token = flags.token ?? (env.MOCKCTL_TOKEN || undefined);
  const withToken = (target: Target, fallback?: string): Target => {
    const chosen = token ?? fallback;
    return chosen === undefined ? target : { ...target, token: chosen };
  };
  const named = namedTarget(flags, env);
  if (named !== undefined) return withToken(named);
  const store = readStore(env);
  const name = flags.profile ?? (env.MOCKCTL_PROFILE || undefined) ?? store.current;
  if (name !== undefined) {
    const profile = store.profiles[name];
    if (profile === undefined) {
      throw new CliError(
        `no profile named ${name}`,
        [],
        "Run `mockctl profiles list` to see the saved ones.",
      );
    }
    return withToken({ url: profile.url, source: `profile ${name}` }, profile.token);
  }
  return withToken(DEFAULT_TARGET);
}

export const DEFAULT_TARGET: Target = { url: DEFAULT_URL, source: "default (the local platform)" };

/** --url, else MOCKCTL_URL: a URL given outright, which wins over every profile (`login` saves it in one). */
export function namedTarget(flags: TargetFlags, env: NodeJS.ProcessEnv): Target | undefined {
  if (flags.url !== undefined) return { url: flags.url, source: "--url" };
  if (env.MOCKCTL_URL) return { url: env.MOCKCTL_URL, source: "MOCKCTL_URL" };
  return undefined;
}
