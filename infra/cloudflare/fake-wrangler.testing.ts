import { readFileSync } from "node:fs";
import type { RunResult, Wrangler } from "./wrangler-cli.ts";

/** An account as the fake wrangler sees it; every command is recorded, none reaches a network. */
export interface Account {
  kv: Array<{ id: string; title: string }>;
  d1: Array<{ uuid: string; name: string }>;
  workers: Set<string>;
  /** A command (by its first words) that fails, with the stderr wrangler would print. */
  failing?: { command: string; stderr: string };
}

const ok = (stdout = ""): RunResult => ({ code: 0, stdout, stderr: "" });
export const flag = (args: readonly string[], name: string) => args[args.indexOf(name) + 1] ?? "";

export function fakeWrangler(account: Account) {
  const calls: string[][] = [];
  const configs: unknown[] = [];
  const secrets: unknown[] = [];
  const wrangler: Wrangler = async (args) => {
    calls.push([...args]);
    const firstFlag = args.findIndex((arg) => arg.startsWith("-"));
    const command = (firstFlag < 0 ? args : args.slice(0, firstFlag)).join(" ");
    if (account.failing !== undefined && command.startsWith(account.failing.command)) {
      return { code: 1, stdout: "", stderr: account.failing.stderr };
    }
    if (command === "kv namespace list") return ok(`⛅️ banner\n${JSON.stringify(account.kv)}`);
    if (command.startsWith("kv namespace create")) {
      account.kv.push({ id: `kv-${account.kv.length}`, title: args[3] ?? "" });
      return ok();
    }
    if (command === "d1 list") return ok(JSON.stringify(account.d1));
    if (command.startsWith("d1 create")) {
      account.d1.push({ uuid: `d1-${account.d1.length}`, name: args[2] ?? "" });
      return ok();
    }
    const config = args.includes("-c") ? JSON.parse(readFileSync(flag(args, "-c"), "utf8")) : undefined;
    const name: string = config?.env?.[flag(args, "--env")]?.name ?? "";
    if (command === "deployments list") {
      return account.workers.has(name) ? ok("[]") : { code: 1, stdout: "", stderr: "[code: 10007]" };
    }
    if (command === "deploy") {
      configs.push(config);
      if (args.includes("--secrets-file"))
        secrets.push(JSON.parse(readFileSync(flag(args, "--secrets-file"), "utf8")));
      account.workers.add(name);
      return ok(`Uploaded ${name}\n  https://${name}.acct.workers.dev\n`);
    }
    return ok();
  };
  return { wrangler, calls, configs, secrets };
}
