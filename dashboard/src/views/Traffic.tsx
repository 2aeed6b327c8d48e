import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";
import { useEffect, useMemo, useRef } from "react";
import type { ImposterDetail, JournalEntry } from "../api/types.ts";
import { pluralize } from "../plural.ts";
import { trafficSeries } from "./traffic-series.ts";

// Only the parts of Chart.js the two bar charts use, so the rest is left out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

function BarChart({
  labels,
  values,
  title,
  color,
}: {
  labels: string[];
  values: number[];
  title: string;
  color: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<"bar">>(undefined);
  useEffect(() => {
    if (canvas.current === null) return;
    chart.current = new Chart(canvas.current, {
      type: "bar",
      data: { labels: [], datasets: [{ label: title, data: [], backgroundColor: color }] },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.current?.destroy();
  }, [title, color]);
  useEffect(() => {
    const current = chart.current;
    if (current === undefined) return;
    current.data.labels = labels;
    const dataset = current.data.datasets[0];
    if (dataset) dataset.data = values;
    current.update();
  }, [labels, values]);
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <div className="chart-box">
        <canvas ref={canvas} role="img" aria-label={`${title}: ${pluralize(total, "request")}`} />
      </div>
    </figure>
  );
}

/** Requests over time and hits per stub, from the same journal as the Requests tab. */
export default function Traffic({
  imposter,
  entries,
}: {
  imposter: ImposterDetail;
  entries: JournalEntry[];
}) {
  const series = useMemo(
    () => trafficSeries(entries, imposter.stubs.length, imposter.version),
    [entries, imposter.stubs.length, imposter.version],
  );
  return (
    <div className="charts">
      <BarChart
        title="Requests per minute (UTC)"
        labels={series.minutes}
        values={series.perMinute}
        color="#3b82f6"
      />
      <BarChart title="Hits per stub" labels={series.stubLabels} values={series.stubHits} color="#10b981" />
    </div>
  );
}
