import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { type LauncherProcess, startLauncher } from "./launcher-process.testing.ts";

// Issue 8, part 3: kill -9 the platform (launcher and workerd) in the middle of a burst of admin writes,
// start it again on the same data folder, and find every acknowledged write, in order. Each imposter
// gets its own chain of writes, sent one after another; the chains run side by side.
const CHAINS = 8;
const dataDir = mkdtempSync(join(tmpdir(), "mockctl-kill9-"));
let running: LauncherProcess | undefined;
afterAll(async () => {
  await running?.kill9();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An imposter as its chain expects it: the bodies of its stubs in order, or undefined when absent. */
type Model = string[] | undefined;
type Op = "add" | "insert" | "replaceOne" | "replaceAll" | "deleteStub" | "delete";
interface Write {
  method: string;
  path: string;
  body?: unknown;
  after: Model;
}

const stub = (body: string) => ({ responses: [{ is: { body } }] });
const write = (method: string, path: string, after: Model, body?: unknown): Write => ({
  method,
  path,
  body,
  after,
});

/** The next write of a chain from the model it has reached, and the model once it is applied. */
function nextWrite(port: number, model: Model, op: Op, pick: number, label: string): Write {
  const stubs = `/imposters/${port}/stubs`;
  if (model === undefined)
    return write("POST", "/imposters", [label], { protocol: "http", port, stubs: [stub(label)] });
  const at = pick % Math.max(model.length, 1);
  if (model.length === 0 && (op === "replaceOne" || op === "deleteStub")) op = "add";
  switch (op) {
    case "add":
      return write("POST", stubs, [...model, label], { stub: stub(label) });
    case "insert":
      return write("POST", stubs, [label, ...model], { index: 0, stub: stub(label) });
    case "replaceAll":
      return write("PUT", stubs, [label, `${label}b`], { stubs: [stub(label), stub(`${label}b`)] });
    case "replaceOne":
      return write("PUT", `${stubs}/${at}`, model.with(at, label), stub(label));
    case "deleteStub":
      return write("DELETE", `${stubs}/${at}`, model.toSpliced(at, 1));
    case "delete":
      return write("DELETE", `/imposters/${port}`, undefined);
  }
}

interface ChainResult {
  port: number;
  acked: Model;
  /** The model had the write in flight at the kill been applied; undefined when none was. */
  inFlight: { after: Model } | undefined;
  log: string[];
}

async function runChain(
  url: string,
  port: number,
  ops: [Op, number][],
  stop: () => boolean,
): Promise<ChainResult> {
  const result: ChainResult = { port, acked: undefined, inFlight: undefined, log: [] };
  for (const [n, [op, pick]] of ops.entries()) {
    if (stop()) break;
    const write = nextWrite(port, result.acked, op, pick, `${port}-${n}`);
    result.inFlight = { after: write.after };
    let status: number;
    try {
      const init = {
        method: write.method,
        body: write.body === undefined ? undefined : JSON.stringify(write.body),
      };
      const response = await fetch(`${url}${write.path}`, init);
      await response.arrayBuffer();
      status = response.status;
    } catch {
      return result; // the kill: this write was sent and never acknowledged
    }
    result.log.push(`${write.method} ${write.path} ${status}`);
    if (status >= 300)
      throw new Error(`${write.method} ${write.path} answered ${status}:\n${result.log.join("\n")}`);
    result.acked = write.after;
    result.inFlight = undefined;
  }
  return result;
}

async function recovered(url: string, port: number): Promise<Model> {
  const response = await fetch(`${url}/imposters/${port}?replayable=true`);
  if (response.status === 404) return undefined;
  const imposter = (await response.json()) as { stubs: { responses: { is: { body: string } }[] }[] };
  return imposter.stubs.map((s) => s.responses[0]?.is.body ?? "?");
}

const opsArb = fc.array(
  fc.tuple(
    fc.constantFrom<Op>("add", "add", "insert", "replaceOne", "replaceAll", "deleteStub", "delete"),
    fc.nat(),
  ),
  { minLength: 400, maxLength: 400 },
);

describe("kill -9 during a burst of admin writes", () => {
  it("keeps every acknowledged write, in order, across a restart on the same data folder", async () => {
    const [chains] = fc.sample(fc.array(opsArb, { minLength: CHAINS, maxLength: CHAINS }), {
      numRuns: 1,
      seed: 8,
    });
    const launcher = await startLauncher(dataDir);
    running = launcher;
    // Writes are counted as they are sent; the 150th goes out together with the SIGKILL.
    let sent = 0;
    let kill: Promise<void> | undefined;
    const stop = () => {
      if (kill !== undefined) return true;
      if (++sent >= 150) kill = launcher.kill9();
      return false;
    };
    const done = await Promise.all(
      (chains ?? []).map((ops, k) => runChain(launcher.url, 5100 + k, ops, stop)),
    );
    await kill;
    const killed = kill !== undefined;
    expect(killed, "the burst ended before the kill").toBe(true);
    running = await startLauncher(dataDir);
    const url = running.url;
    const listed = ((await (await fetch(`${url}/imposters`)).json()) as { imposters: { port: number }[] })
      .imposters;
    for (const chain of done) {
      const found = await recovered(url, chain.port);
      const allowed = [chain.acked, ...(chain.inFlight ? [chain.inFlight.after] : [])];
      expect(allowed, `imposter ${chain.port} after:\n${chain.log.join("\n")}`).toContainEqual(found);
      expect(listed.some((i) => i.port === chain.port)).toBe(found !== undefined);
      if (found !== undefined && found.length > 0) {
        expect(await (await fetch(`${url}/i/${chain.port}/`)).text()).toBe(found[0]);
      }
    }
  });
});
