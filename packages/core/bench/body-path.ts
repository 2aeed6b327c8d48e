// `npx tsx packages/core/bench/body-path.ts [--rounds 15]`: where a body request's time goes in the core,
// stage by stage, for issue 12's body shapes (body-shapes.ts). Prints a markdown table of µs per request
// (process CPU, median of interleaved rounds, measure.ts); infra/bench/BODY-PROFILE.md quotes it.
import { parseArgs } from "node:util";
import { createEngine } from "../src/engine/index.ts";
import { readLiteXml } from "../src/readers/xml-lite.ts";
import { normalizeRequest } from "../src/request/normalize.ts";
import { parseXml } from "../src/select/xpath.ts";
import { BODY_SHAPES, type BodyShape } from "./body-shapes.ts";
import { type Cell, calibrate, cell, consumed, measureRounds, timingOf } from "./measure.ts";

const { values: args } = parseArgs({ options: { rounds: { type: "string", default: "15" } } });
const ROUNDS = Number(args.rounds);
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** The stages of one request in the core, each measured alone (later stages on earlier ones' output). */
function stagesOf(shape: BodyShape): Record<string, () => number> {
  const engine = createEngine(shape.imposter);
  const request = normalizeRequest(shape.raw);
  const expected = shape.imposter.stubs.findIndex((stub) =>
    JSON.stringify(stub).includes(`"${shape.answer}"`),
  );
  const found = engine.match(request);
  if (found !== expected) throw new Error(`${shape.name}: matched stub ${String(found)}, not ${expected}`);
  const bytes = shape.raw.body as Uint8Array;
  const text = request.body;
  return {
    "decode (UTF-8)": () => utf8.decode(bytes).length,
    "normalize (whole request)": () => normalizeRequest(shape.raw).path.length,
    "match (view + index + predicates)": () => engine.match(request) as number,
    "JSON.parse": () => (text.startsWith("{") ? Object.keys(JSON.parse(text)).length : 0),
    "xmldom parse": () => (text.startsWith("<") ? (parseXml(text) === undefined ? 0 : 1) : 0),
    "lite XML read": () => (text.startsWith("<") ? (readLiteXml(text) === undefined ? 0 : 1) : 0),
  };
}

function main(): void {
  const table = BODY_SHAPES.map((shape) => ({ shape, cells: new Map<string, Cell>() }));
  for (const { shape, cells } of table) {
    for (const [stage, op] of Object.entries(stagesOf(shape))) cells.set(stage, cell(op, 5, 10_000));
  }
  const all = table.flatMap(({ cells }) => [...cells.values()]);
  for (const one of all) calibrate(one, 50);
  measureRounds(all, ROUNDS);
  const stages = [...table[0]!.cells.keys()];
  console.log(`| shape | ${stages.join(" | ")} |`);
  console.log(`|---|${stages.map(() => "---:").join("|")}|`);
  for (const { shape, cells } of table) {
    const micros = stages.map((stage) => timingOf(cells.get(stage)!, ROUNDS).micros.toFixed(2));
    console.log(`| ${shape.name} | ${micros.join(" | ")} |`);
  }
  console.log(`\n(checksum ${consumed()})`);
}

main();
