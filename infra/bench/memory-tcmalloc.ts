import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * What workerd's allocator holds, read from the running process with gdb (issue 8: telling garbage that
 * awaits V8 from memory the allocator keeps). workerd links Google's tcmalloc statically, without the
 * background thread that returns freed pages to the system: its `tcmalloc.num_released_total_pages` stays 0,
 * so `heap` only grows and PSS follows it. `allocated` is what is still allocated: live objects and the
 * native side of JS objects V8 has not collected yet. gdb stops the process for a moment; undefined when gdb
 * is missing or cannot attach (ptrace not allowed).
 */
export interface Tcmalloc {
  allocatedMb: number;
  heapMb: number;
  freeMb: number;
}

const PROPERTIES: [keyof Tcmalloc, string][] = [
  ["allocatedMb", "generic.current_allocated_bytes"],
  ["heapMb", "generic.heap_size"],
  ["freeMb", "tcmalloc.pageheap_free_bytes"],
];

/** gdb commands: MallocExtension_Internal_GetNumericProperty(name, length, &value) for each property. */
function script(): string {
  const lines = [
    "set pagination off",
    "set confirm off",
    "call (void*)malloc(8)",
    "set $v = (unsigned long*)$",
  ];
  for (const [key, name] of PROPERTIES) {
    lines.push(`call (char)MallocExtension_Internal_GetNumericProperty("${name}", ${name.length}, $v)`);
    lines.push(`printf "TCMALLOC ${key} %lu\\n", *$v`);
  }
  lines.push("call (void)free($v)", "detach", "quit");
  return lines.join("\n");
}

export function tcmalloc(pid: number): Tcmalloc | undefined {
  const dir = mkdtempSync(join(tmpdir(), "mockctl-tcmalloc-"));
  try {
    writeFileSync(join(dir, "gdb"), script());
    const out = execFileSync("gdb", ["-q", "-batch", "-x", join(dir, "gdb"), "-p", String(pid)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 60_000,
    });
    const found: Partial<Tcmalloc> = {};
    for (const [, key, bytes] of out.matchAll(/^TCMALLOC (\w+) (\d+)$/gm))
      found[key as keyof Tcmalloc] = Number(bytes) / 1048576;
    return PROPERTIES.every(([key]) => found[key] !== undefined) ? (found as Tcmalloc) : undefined;
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
