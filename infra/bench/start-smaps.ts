import { readFileSync } from "node:fs";

/**
 * Where a process's memory lies, from /proc/<pid>/smaps (PSS in kB by kind of mapping): `anonymous` is V8's
 * heaps and malloc's arenas (workerd's Workers, their compiled imposters and caches), `brk` the main malloc
 * heap, `file` the binary, libraries and files mapped from disk (SQLite's are read, not mapped), `stack`
 * thread stacks.
 */
export interface MemoryKinds {
  anonymous: number;
  brk: number;
  file: number;
  stack: number;
}

function kindOf(header: string): keyof MemoryKinds {
  const path = header.split(/\s+/).slice(5).join(" ");
  if (path === "") return "anonymous";
  if (path === "[heap]") return "brk";
  if (path.startsWith("[stack")) return "stack";
  if (path.startsWith("[")) return "anonymous";
  return "file";
}

export function memoryKinds(pid: number): MemoryKinds | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, "utf8");
  } catch {
    return undefined;
  }
  const kinds: MemoryKinds = { anonymous: 0, brk: 0, file: 0, stack: 0 };
  let current: keyof MemoryKinds = "anonymous";
  for (const line of text.split("\n")) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) current = kindOf(line);
    else if (line.startsWith("Pss:")) kinds[current] += Number(line.split(/\s+/)[1]);
  }
  return kinds;
}
