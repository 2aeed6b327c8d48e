import type { ImposterRecord } from "@mockctl/contract";
import { imposterScope } from "./audit.ts";

/** Prometheus label values escape backslash, double quote and newline; imposter names are user text. */
const escapeLabel = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");

/**
 * mb_request_total as prom-client prints it in mb, labelled `[protocol:port name] ` (trailing space
 * included). Built from the imposters' own counters, so the labels of deleted imposters go away with them.
 */
export function prometheusText(records: ImposterRecord[]): string {
  const lines = [
    "# HELP mb_request_total Number of requests to the imposter",
    "# TYPE mb_request_total counter",
  ];
  for (const { imposter, state } of records) {
    const label = escapeLabel(`[${imposterScope(imposter)}] `);
    lines.push(`mb_request_total{imposter="${label}"} ${state.numberOfRequests}`);
  }
  return `${lines.join("\n")}\n`;
}
