import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { decades, escapeXml, logX, renderChart } from "./svg.ts";

function parse(svg: string) {
  const errors: string[] = [];
  const report = (message: string) => errors.push(message);
  const parser = new DOMParser({ errorHandler: { warning: report, error: report, fatalError: report } });
  const doc = parser.parseFromString(svg, "image/svg+xml");
  expect(errors).toEqual([]);
  return doc;
}

const chart = renderChart({
  title: "Requests <per> second & more",
  rows: [
    {
      label: "baseline",
      bars: [
        { series: "mountebank", value: 1_000 },
        { series: "platform", value: 10_000 },
      ],
    },
    {
      label: "decorate",
      bars: [
        { series: "mountebank", value: 100 },
        { series: "platform", note: "unsupported" },
      ],
    },
  ],
  reference: { label: "floor", value: 20_000 },
});

describe("the log scale", () => {
  it.each([
    [[120, 3_400], { lo: 2, hi: 4 }],
    [[1_000, 1_000], { lo: 3, hi: 4 }],
    [[0, 50], { lo: 1, hi: 2 }],
    [[], { lo: 0, hi: 1 }],
  ])("spans whole decades around %j", (values, domain) => {
    expect(decades(values)).toEqual(domain);
  });

  it("puts every tenfold the same distance apart", () => {
    const domain = { lo: 1, hi: 5 };
    const step = logX(100, domain) - logX(10, domain);
    expect(logX(10_000, domain) - logX(1_000, domain)).toBeCloseTo(step);
    expect(logX(20, domain) - logX(10, domain)).toBeCloseTo(step * Math.log10(2));
  });
});

describe("the chart", () => {
  const doc = parse(chart);
  const rects = Array.from(doc.getElementsByTagName("rect"));
  const bars = rects.filter((rect) => rect.getAttribute("class") === "bar");
  const width = (i: number) => Number(bars[i]?.getAttribute("width"));

  it("is well-formed SVG with the title escaped", () => {
    expect(doc.documentElement?.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
    expect(chart).toContain("Requests &lt;per&gt; second &amp; more");
  });

  it("draws one bar per measured value, a decade apart for a tenfold value", () => {
    expect(bars).toHaveLength(3);
    // Widths are written to a tenth of a pixel.
    expect(width(1) - width(0)).toBeCloseTo(width(0) - width(2), 0);
  });

  it("says why a bar is missing instead of drawing it", () => {
    expect(chart).toContain("platform: unsupported");
  });

  it("labels values and draws the reference line with its value", () => {
    expect(chart).toContain(">10,000<");
    expect(chart).toContain("floor: 20,000 req/s");
    expect(doc.getElementsByTagName("line").length).toBeGreaterThan(4);
  });
});

it("escapes every XML special character", () => {
  expect(escapeXml(`<a href="x">&</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
});
