import { readFileSync } from "node:fs";

/** Memory of one process: proportional set size (shared pages split among their users), in kB. */
export interface ProcessMemory {
  pid: number;
  name: string;
  pssKb: number;
}

function read(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** The process and all its descendants, from /proc (Linux). */
export function processTree(root: number): number[] {
  const children = read(`/proc/${root}/task/${root}/children`).trim();
  const direct = children === "" ? [] : children.split(/\s+/).map(Number);
  return [root, ...direct.flatMap(processTree)];
}

/** A short name: the executable's base name, plus the script for node (node start.mjs, node mb). */
function nameOf(pid: number): string {
  const argv = read(`/proc/${pid}/cmdline`).split("\0").filter(Boolean);
  // npm sets its title to its whole command line, spaces included.
  const base = (path: string | undefined) => path?.split(" ")[0]?.split("/").at(-1) ?? "?";
  const exe = base(argv[0]);
  if (exe === "node" && argv[1] !== undefined) return `node ${base(argv[1])}`;
  return exe;
}

export function memoryOfTree(root: number): ProcessMemory[] {
  return processTree(root).flatMap((pid) => {
    const pss = /^Pss:\s+(\d+)/m.exec(read(`/proc/${pid}/smaps_rollup`));
    return pss === null ? [] : [{ pid, name: nameOf(pid), pssKb: Number(pss[1]) }];
  });
}

export const totalMb = (memory: ProcessMemory[]): number =>
  memory.reduce((sum, one) => sum + one.pssKb, 0) / 1024;
