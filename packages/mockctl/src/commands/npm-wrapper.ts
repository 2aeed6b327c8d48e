import { readFileSync } from "node:fs";

/** A process as /proc shows it: its pid and start time, so a pid another process reuses is not taken for it. */
export interface ProcessRef {
  pid: number;
  started: string | undefined;
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

/** Fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
function statOf(pid: number): string[] | undefined {
  const stat = read(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
}

const NPM = /^(npm exec|npx)\b|(^|\/)(npm|npx)(-cli\.js)?$/;
const SHELL = /(^|\/)(sh|dash|bash)$/;

/**
 * npm's own process when it started this one (`npx`, `npm exec`), through the `sh -c` npm runs a bin with;
 * undefined when anything else stands between (a script of the user's that started `mockctl dev` itself,
 * whose exit must not stop the platform) or where there is no /proc.
 */
export function npmWrapper(): ProcessRef | undefined {
  let pid = process.ppid;
  for (let hop = 0; hop < 3; hop++) {
    const args = read(`/proc/${pid}/cmdline`)?.split("\0") ?? [];
    if (args.slice(0, 2).some((arg) => NPM.test(arg))) return { pid, started: statOf(pid)?.[19] };
    if (!(SHELL.test(args[0] ?? "") && args[1] === "-c")) return undefined;
    pid = Number(statOf(pid)?.[1]);
    if (!(pid > 1)) return undefined;
  }
  return undefined;
}

/** Whether the process is still the one `ref` names. */
export function stillRunning({ pid, started }: ProcessRef): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as { code?: string }).code !== "EPERM") return false;
  }
  return started === undefined || statOf(pid)?.[19] === started;
}
