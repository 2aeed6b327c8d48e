import { describe, expect, it } from "vitest";
import { backtrackingRisk } from "./regex-risk.ts";

describe("backtrackingRisk", () => {
  it.each([
    ["^/(a+)+$", "nested quantifiers"],
    ["((a+))+", "nested quantifiers"],
    ["(x(\\w*)y)*", "nested quantifiers"],
    ["(a|b+){2,}", "nested quantifiers"],
    ["^(a|aa)+$", "overlapping alternatives"],
    ["^(?:ab|a)*c$", "overlapping alternatives"],
    ["(x|)+", "overlapping alternatives"],
    ["(\\d|\\d\\d)+", "overlapping alternatives"],
    ["(\\d{3}-)+", undefined],
    ["(ab{2})+", undefined],
    ["(a+)?", undefined],
    ["(a|b)+c", undefined],
    ["(foo|bar)*", undefined],
    ["(a|aa)", undefined],
    ["(?=a|aa)+", undefined],
    ["[(a+)]+", undefined],
    ["\\(a+\\)+", undefined],
    ["^/items/[a-z]+$", undefined],
  ])("/%s/ → %s", (pattern, risk) => {
    expect(backtrackingRisk(pattern)).toBe(risk);
  });
});
