// Line charts over time (the soak's memory and p99 per minute), beside svg.ts's bar chart and in its style.
import { escapeXml } from "./svg.ts";

export interface LineSeries {
  name: string;
  points: { x: number; y: number }[];
}

export interface LinePanel {
  title: string;
  /** The y axis always starts at 0, so a flat line looks flat and growth is seen at its true size. */
  yLabel: string;
  series: LineSeries[];
}

const WIDTH = 980;
const PANEL = { left: 80, right: 760, height: 220, gap: 70 };
const PALETTE = ["#f38020", "#2b6cb0", "#38a169", "#8a96a3", "#b00020"];

/** A round step for about five grid lines up to `max`. */
export function niceStep(max: number): number {
  if (max <= 0) return 1;
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}

function label(x: number, y: number, content: string, extra = ""): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}"${extra}>${escapeXml(content)}</text>`;
}

function panel(input: LinePanel, top: number, xMax: number, xLabel: string): string[] {
  const yMaxData = Math.max(0, ...input.series.flatMap((s) => s.points.map((p) => p.y)));
  const step = niceStep(yMaxData);
  const yMax = Math.max(step, Math.ceil(yMaxData / step) * step);
  const bottom = top + PANEL.height;
  const px = (x: number) => PANEL.left + (x / (xMax || 1)) * (PANEL.right - PANEL.left);
  const py = (y: number) => bottom - (y / yMax) * PANEL.height;
  const parts = [label(PANEL.left, top - 12, input.title, ' font-size="14" font-weight="bold"')];
  for (let y = 0; y <= yMax + step / 2; y += step) {
    parts.push(
      `<line x1="${PANEL.left}" y1="${py(y).toFixed(1)}" x2="${PANEL.right}" y2="${py(y).toFixed(1)}" class="grid"/>`,
    );
    parts.push(label(PANEL.left - 6, py(y) + 4, String(Number(y.toPrecision(6))), ' text-anchor="end"'));
  }
  for (let x = 0; x <= xMax; x += niceStep(xMax)) {
    parts.push(label(px(x), bottom + 16, String(Number(x.toPrecision(6))), ' text-anchor="middle"'));
  }
  parts.push(label((PANEL.left + PANEL.right) / 2, bottom + 32, xLabel, ' text-anchor="middle"'));
  parts.push(
    label(
      16,
      top + PANEL.height / 2,
      input.yLabel,
      ` transform="rotate(-90 16 ${top + PANEL.height / 2})" text-anchor="middle"`,
    ),
  );
  input.series.forEach((series, i) => {
    const color = PALETTE[i % PALETTE.length]!;
    const path = series.points.map((p) => `${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(" ");
    parts.push(`<polyline points="${path}" fill="none" stroke="${color}" stroke-width="2"/>`);
    if (series.points.length === 1) {
      const [only] = series.points;
      parts.push(
        `<circle cx="${px(only!.x).toFixed(1)}" cy="${py(only!.y).toFixed(1)}" r="3" fill="${color}"/>`,
      );
    }
    parts.push(`<rect x="${PANEL.right + 16}" y="${top + i * 20}" width="12" height="12" fill="${color}"/>`);
    parts.push(label(PANEL.right + 34, top + i * 20 + 11, series.name));
  });
  return parts;
}

/** Panels stacked top to bottom on one shared x axis (`xMax`, in `xLabel` units). */
export function renderLines(title: string, panels: LinePanel[], xMax: number, xLabel: string): string {
  const height = 60 + panels.length * (PANEL.height + PANEL.gap);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    "<style>.grid{stroke:#ddd}</style>",
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    label(16, 26, title, ' font-size="16" font-weight="bold"'),
  ];
  panels.forEach((input, i) => {
    parts.push(...panel(input, 70 + i * (PANEL.height + PANEL.gap), xMax, xLabel));
  });
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}
