import { expect, it } from "vitest";
import { niceStep, renderLines } from "./svg-lines.ts";

it.each([
  [0, 1],
  [7, 2],
  [160, 50],
  [487, 100],
  [1_000, 200],
])("a grid for values up to %d steps by %d", (max, step) => {
  expect(niceStep(max)).toBe(step);
});

const chart = renderLines(
  "Soak <10m>",
  [
    {
      title: "Memory",
      yLabel: "MB",
      series: [
        {
          name: "workerd",
          points: [
            { x: 0, y: 0 },
            { x: 10, y: 100 },
          ],
        },
        { name: "host", points: [{ x: 5, y: 50 }] },
      ],
    },
    { title: "p99", yLabel: "ms", series: [] },
  ],
  10,
  "minutes",
);

it("draws each series as a line scaled from 0 at the bottom to the grid's top", () => {
  // Plot 80..760 wide, 220 high from y 70: (0, 0) is the bottom left corner and (10, 100) the top right.
  expect(chart).toContain('<polyline points="80.0,290.0 760.0,70.0"');
});

it("marks a series of one sample with a dot, and names every series in a legend", () => {
  expect(chart).toContain('<circle cx="420.0" cy="180.0"');
  expect(chart).toMatch(/<text[^>]*>workerd<\/text>[\s\S]*<text[^>]*>host<\/text>/);
});

it("escapes its text and stacks the panels", () => {
  expect(chart).toContain("Soak &lt;10m&gt;");
  expect(chart).toContain('height="640"');
});
