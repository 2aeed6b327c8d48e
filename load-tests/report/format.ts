// Number formats shared by the Markdown tables and the chart, so both print the same figures.

export function rate(value: number): string {
  return value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toFixed(1);
}

export function millis(value: number): string {
  return value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function times(ratio: number): string {
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`;
}

export function percent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/** Goals read "10×" or "85%" as the issue writes them. */
export function goalValue(needed: number, value: number): string {
  return needed < 1 ? percent(value) : times(value);
}
