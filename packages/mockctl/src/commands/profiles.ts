import { ApiError, createClient } from "../client.ts";
import { type Command, stringValue } from "../command.ts";
import { CliError, counted, table, UsageError } from "../output.ts";
import {
  DEFAULT_TARGET,
  DEFAULT_URL,
  namedTarget,
  type Profile,
  readStore,
  storePath,
  writeStore,
} from "../profiles.ts";
import { checkTargetUrl } from "../target-url.ts";

// A name is a key of the profiles file and a word on the command line: an empty or spaced one could not
// be typed back, and `__proto__` would vanish from the saved JSON (the first character must be alphanumeric).
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function checkedName(name: string): string {
  if (PROFILE_NAME.test(name)) return name;
  throw new UsageError(
    `the profile name ${JSON.stringify(name)} is not allowed: use letters, digits, '.', '_' and '-' (at most 64)`,
    "login",
  );
}

export const login: Command = {
  name: "login",
  summary: "Save a platform's URL and token as a profile and use it from now on",
  description: [
    "Checks the URL and token with GET /imposters before saving, and names the token's workspace where",
    "the platform has workspaces. The token is stored in the profiles file (readable by you only):",
    "$MOCKCTL_CONFIG, else ~/.config/mockctl/profiles.json.",
  ],
  options: {
    url: {
      type: "string",
      value: "<url>",
      description: `the platform's admin API (else MOCKCTL_URL, else the profile's saved one, else ${DEFAULT_URL})`,
    },
    token: { type: "string", value: "<token>", description: "its API key (else MOCKCTL_TOKEN)" },
    profile: { type: "string", value: "<name>", description: "the profile's name (default: default)" },
  },
  examples: [
    "MOCKCTL_TOKEN=… mockctl login --url https://mockctl-edge-staging.acme.workers.dev --profile staging",
  ],
  async run(context) {
    const name = checkedName(stringValue(context, "profile") ?? "default");
    const store = readStore(context.env);
    // A profile logged in to again (a new token) keeps its URL unless one is given.
    const saved = Object.hasOwn(store.profiles, name) ? store.profiles[name] : undefined;
    const { url, source } =
      namedTarget({ url: stringValue(context, "url") }, context.env) ??
      (saved === undefined ? DEFAULT_TARGET : { url: saved.url, source: `profile ${name}` });
    const profile: Profile = { url };
    const token = stringValue(context, "token") ?? (context.env.MOCKCTL_TOKEN || undefined);
    if (token !== undefined) profile.token = token;
    checkTargetUrl(url, source);
    const client = createClient({ ...profile, source });
    const count = (await client.listImposters()).length;
    // Mountebank and older platforms have no workspaces: their 404 leaves the workspace unnamed.
    const workspace = await client.platform.getWorkspace().then(
      (view) => view.id,
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      },
    );
    store.profiles[name] = profile;
    store.current = name;
    const file = writeStore(context.env, store);
    const what =
      workspace === undefined
        ? counted(count, "imposter")
        : `workspace ${workspace}, ${counted(count, "imposter")}`;
    context.out.success(`Logged in to ${profile.url} as profile ${name} (${what}); saved in ${file}.`, {
      profile: name,
      url: profile.url,
      ...(workspace === undefined ? {} : { workspace }),
    });
  },
};

export const profilesList: Command = {
  name: "profiles list",
  summary: "List saved profiles; * marks the one in use",
  async run(context) {
    const store = readStore(context.env);
    const names = Object.keys(store.profiles).sort();
    const rows = names.map((n) => [n === store.current ? `* ${n}` : `  ${n}`, store.profiles[n]?.url ?? ""]);
    if (rows.length > 0) context.out.line(table(["  PROFILE", "URL"], rows));
    const profiles = names.map((n) => ({
      name: n,
      url: store.profiles[n]?.url,
      current: n === store.current,
    }));
    context.out.success(`${counted(names.length, "profile")} in ${storePath(context.env)}.`, { profiles });
  },
};

export const profilesUse: Command = {
  name: "profiles use",
  summary: "Make a saved profile the default target",
  args: "<name>",
  positionals: { min: 1, max: 1 },
  async run(context) {
    const name = context.positionals[0] ?? "";
    const store = readStore(context.env);
    if (store.profiles[name] === undefined) {
      const known = Object.keys(store.profiles);
      if (known.length === 0) throw new UsageError(`no profile named ${name}`, "login");
      throw new CliError(`no profile named ${name}`, [`saved: ${known.join(", ")}`]);
    }
    store.current = name;
    writeStore(context.env, store);
    context.out.success(`Using profile ${name} (${store.profiles[name]?.url}).`, { profile: name });
  },
};
