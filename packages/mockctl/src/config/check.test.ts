import { describe, expect, it } from "vitest";
import { checkImposters, HTTPS_HOSTED, hostedHttpsWarnings } from "./check.ts";

const sourced = (...definitions: unknown[]) =>
  definitions.map((definition, index) => ({ file: "mocks.json", index, definition }));

const inject = { responses: [{ inject: "() => ({})" }] };

describe("checkImposters", () => {
  it.each([
    [
      "mb's refusal, by port and code",
      sourced({ protocol: "tcp", port: 4545, name: "orders" }),
      { allowInjection: true, requirePort: true },
      { imposter: "4545", code: "bad data", line: /^mocks\.json: imposter 4545 \(orders\): bad data: / },
    ],
    [
      "injection on a platform without it",
      sourced({ protocol: "http", port: 4546, stubs: [inject] }),
      { allowInjection: false, requirePort: true },
      {
        imposter: "4546",
        code: "invalid injection",
        line: /^mocks\.json: imposter 4546: invalid injection: /,
      },
    ],
    [
      "no port where deploy needs one, by place",
      sourced({ protocol: "http" }),
      { allowInjection: true, requirePort: true },
      { imposter: "#1", code: "no port", line: /^mocks\.json: imposter #1: no port: / },
    ],
  ])("reports %s as a structured problem and its printed line", (_name, imposters, options, expected) => {
    const report = checkImposters(imposters, options);
    expect(report.errors).toHaveLength(1);
    const [problem] = report.errors;
    expect(problem).toMatchObject({ imposter: expected.imposter, code: expected.code });
    expect(problem?.line).toMatch(expected.line);
    expect(problem?.line.endsWith(`: ${problem?.reason}`)).toBe(true);
  });

  it("keeps the first of two imposters on one port and refuses the second", () => {
    const report = checkImposters(
      sourced({ protocol: "http", port: 4547 }, { protocol: "http", port: 4547 }),
      {
        allowInjection: true,
        requirePort: true,
      },
    );
    expect(report.valid.map((one) => one.imposter.port)).toEqual([4547]);
    expect(report.errors).toEqual([
      {
        imposter: "4547",
        code: "duplicate port",
        reason: "port 4547 is also defined by mocks.json: imposter 4547",
        line: "mocks.json: imposter 4547: port 4547 is also defined by mocks.json: imposter 4547",
      },
    ]);
  });

  it("only warns of a missing port where no deploy follows", () => {
    const report = checkImposters(sourced({ protocol: "http" }), {
      allowInjection: true,
      requirePort: false,
    });
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([
      "mocks.json: imposter #1: no port: the platform would pick one, so a second deploy could not find it",
    ]);
  });

  // QA #17: an https imposter deployed without a word. Its own port now speaks TLS locally, as mb's; only a
  // deployed platform (its certificate, not the imposter's) is worth a warning, which the caller asks for.
  it.each([
    ["https", [`mocks.json: imposter 9610: ${HTTPS_HOSTED}`]],
    ["http", []],
  ])("keeps a %s imposter without a warning, and these for a deployed platform: %j", (protocol, hosted) => {
    const key = protocol === "https" ? { key: "-----BEGIN RSA PRIVATE KEY-----" } : {};
    const report = checkImposters(sourced({ protocol, port: 9610, ...key }), {
      allowInjection: true,
      requirePort: true,
      skipRawTcp: true,
    });
    expect([report.valid.length, report.errors, report.warnings]).toEqual([1, [], []]);
    expect(hostedHttpsWarnings(report)).toEqual(hosted);
  });
});
