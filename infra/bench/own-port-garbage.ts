import { allocationsBySelf, sampleNodeAllocations } from "./cdp-profile.ts";
import { runWrk } from "./wrk.ts";

/** What a launcher's own port leaves for V8's collector: bytes per request, and where most of them come from. */
export interface Garbage {
  name: string;
  requests: number;
  bytesPerRequest: number;
  top: Array<{ name: string; bytesPerRequest: number }>;
}

/**
 * Samples the allocations of a launcher started with `--inspect=<inspector>` while `wrk -t1 -c50` loads `url`
 * for `seconds`, garbage included (the sampling profiler keeps what the collections freed). The sampling
 * slows the launcher, so its rate here is not one to quote; bytes per request do not depend on it.
 */
export async function garbageOf(
  name: string,
  inspector: string,
  url: string,
  seconds: number,
): Promise<Garbage> {
  const load = () => runWrk(url, { threads: 1, connections: 50, seconds });
  const { profile, result } = await sampleNodeAllocations(inspector, load);
  const rows = allocationsBySelf(profile);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  const requests = Math.max(result.requests, 1);
  return {
    name,
    requests: result.requests,
    bytesPerRequest: Math.round(total / requests),
    top: rows
      .slice(0, 8)
      .map((row) => ({ name: row.name, bytesPerRequest: Math.round(row.bytes / requests) })),
  };
}

/** The garbage of each tree as OWN-PORT.md shows it. */
export function garbageLines(rows: readonly Garbage[], seconds: number): string[] {
  return [
    "## What a request leaves for the collector",
    "",
    `V8's sampling heap profiler on each launcher (an allocation recorded every 256 bytes on average, garbage`,
    `included) during ${seconds} s of the same wrk load on its own port; the rate under sampling is lower and`,
    "not quoted. Bytes allocated per request, and the functions that allocate most of them (Node's own and ours):",
    "",
    "| tree | requests sampled | bytes per request | most (bytes per request) |",
    "|---|---:|---:|---|",
    ...rows.map(
      (row) =>
        `| ${row.name} | ${row.requests} | ${row.bytesPerRequest} | ${row.top
          .map((top) => `\`${top.name}\` ${top.bytesPerRequest}`)
          .join(", ")} |`,
    ),
    "",
  ];
}
