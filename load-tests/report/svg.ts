import { rate } from "./format.ts";

export interface ChartBar {
  series: string;
  /** Requests per second; absent when nothing was measured (see `note`). */
  value?: number;
  note?: string;
}

export interface ChartInput {
  title: string;
  rows: { label: string; bars: ChartBar[] }[];
  /** A vertical line every bar is read against (the floor). */
  reference?: { label: string; value: number };
}

const COLORS: Record<string, string> = { mountebank: "#8a96a3", platform: "#f38020" };
const WIDTH = 980;
const PLOT = { left: 300, right: 880, top: 70 };
const BAR = 12;
const ROW = 2 * BAR + 14;

export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Whole decades around the values: bars of 10× apart differ by one decade's width. */
export function decades(values: readonly number[]): { lo: number; hi: number } {
  const positive = values.filter((value) => value > 0);
  if (positive.length === 0) return { lo: 0, hi: 1 };
  const lo = Math.floor(Math.log10(Math.min(...positive)));
  const hi = Math.ceil(Math.log10(Math.max(...positive)));
  return { lo, hi: hi > lo ? hi : lo + 1 };
}

export function logX(value: number, domain: { lo: number; hi: number }): number {
  const share = (Math.log10(value) - domain.lo) / (domain.hi - domain.lo);
  return PLOT.left + share * (PLOT.right - PLOT.left);
}

function text(x: number, y: number, content: string, extra = ""): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}"${extra}>${escapeXml(content)}</text>`;
}

function bar(entry: ChartBar, y: number, domain: { lo: number; hi: number }): string {
  if (entry.value === undefined || entry.value <= 0) {
    return text(
      PLOT.left + 4,
      y + BAR - 2,
      `${entry.series}: ${entry.note ?? "not measured"}`,
      ' class="note"',
    );
  }
  const end = logX(entry.value, domain);
  const color = COLORS[entry.series] ?? "#555";
  const rect = `<rect class="bar" x="${PLOT.left}" y="${y}" width="${(end - PLOT.left).toFixed(1)}" height="${BAR}" fill="${color}"/>`;
  return rect + text(end + 4, y + BAR - 2, rate(entry.value), ' class="value"');
}

function axis(domain: { lo: number; hi: number }, bottom: number): string[] {
  const parts: string[] = [];
  for (let power = domain.lo; power <= domain.hi; power++) {
    const x = logX(10 ** power, domain);
    parts.push(
      `<line x1="${x.toFixed(1)}" y1="${PLOT.top - 6}" x2="${x.toFixed(1)}" y2="${bottom}" class="grid"/>`,
    );
    parts.push(text(x, bottom + 16, rate(10 ** power), ' text-anchor="middle"'));
  }
  parts.push(
    text(
      (PLOT.left + PLOT.right) / 2,
      bottom + 34,
      "requests per second (log scale)",
      ' text-anchor="middle"',
    ),
  );
  return parts;
}

export function renderChart(input: ChartInput): string {
  const values = input.rows.flatMap((row) => row.bars.map((entry) => entry.value ?? 0));
  const domain = decades(input.reference ? [...values, input.reference.value] : values);
  const bottom = PLOT.top + input.rows.length * ROW;
  const height = bottom + 48;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    // Value labels get a white halo so they stay readable where they cross the floor line.
    "<style>.grid{stroke:#ddd}.value{paint-order:stroke;stroke:#fff;stroke-width:3px}.note{fill:#b00020;font-style:italic}.ref{stroke:#2b6cb0;stroke-width:2;stroke-dasharray:6 4}</style>",
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    text(16, 26, input.title, ' font-size="16" font-weight="bold"'),
    ...axis(domain, bottom),
  ];
  const legend = Object.entries(COLORS).map(
    ([series, color], i) =>
      `<rect x="${16 + i * 130}" y="38" width="12" height="12" fill="${color}"/>${text(32 + i * 130, 48, series)}`,
  );
  parts.push(...legend);
  input.rows.forEach((row, i) => {
    const y = PLOT.top + i * ROW;
    parts.push(text(PLOT.left - 8, y + BAR + 4, row.label, ' text-anchor="end"'));
    parts.push(...row.bars.map((entry, j) => bar(entry, y + j * (BAR + 2), domain)));
  });
  if (input.reference !== undefined) {
    const x = logX(input.reference.value, domain).toFixed(1);
    parts.push(`<line x1="${x}" y1="${PLOT.top - 6}" x2="${x}" y2="${bottom}" class="ref"/>`);
    parts.push(`<line x1="280" y1="44" x2="310" y2="44" class="ref"/>`);
    parts.push(text(316, 48, `${input.reference.label}: ${rate(input.reference.value)} req/s`));
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
