// The end-of-test text when no summary file is asked for (a manual or cloud run): handleSummary replaces
// k6's own summary, and jslib's textSummary would need the network.

function value(data, metric, stat) {
  const found = data.metrics[metric];
  return found === undefined ? undefined : found.values[stat];
}

function ms(number) {
  return number === undefined ? "-" : `${number.toFixed(2)} ms`;
}

export function summaryText(id, names, data) {
  const seconds = data.state.testRunDurationMs / 1000;
  const lines = [`${id}: ${value(data, "http_reqs", "count") ?? 0} requests in ${seconds.toFixed(1)} s`];
  for (const name of names) {
    const duration = `http_req_duration{req:${name}}`;
    lines.push(
      `  ${name}: ${value(data, `http_reqs{req:${name}}`, "count") ?? 0} requests, ` +
        `p50 ${ms(value(data, duration, "med"))}, p95 ${ms(value(data, duration, "p(95)"))}, ` +
        `p99 ${ms(value(data, duration, "p(99)"))}, checks ${((value(data, `checks{req:${name}}`, "rate") ?? 0) * 100).toFixed(2)}%`,
    );
  }
  lines.push(`  failed requests: ${((value(data, "http_req_failed", "rate") ?? 0) * 100).toFixed(2)}%`);
  return `${lines.join("\n")}\n`;
}
