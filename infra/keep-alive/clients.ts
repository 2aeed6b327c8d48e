import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Worker } from "node:worker_threads";

const run = promisify(execFile);
const HERE = fileURLToPath(new URL(".", import.meta.url));
const POOLED = new URL("../local/fixtures/pooled-client.mjs", import.meta.url);

/** One idle spell between two requests on one pooled connection, and how the second request went. */
export interface Trial {
  client: string;
  idle: number;
  outcome: string;
  reused?: boolean;
}

/** Node's fetch (undici's default pool) or http.Agent({ keepAlive }), each spell in its own thread. */
function node(client: "fetch" | "agent", url: string, idle: number): Promise<Trial> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(POOLED, { workerData: { url, client, idleMs: idle * 1000 } });
    worker.once("error", reject).once("message", (result: Omit<Trial, "client" | "idle">) => {
      resolve({
        ...result,
        client: client === "fetch" ? "Node fetch (undici)" : "Node http.Agent keepAlive",
        idle,
      });
    });
  });
}

async function python(url: string, idles: number[]): Promise<Trial[]> {
  const { stdout } = await run("python3", [`${HERE}session.py`, url, ...idles.map(String)]);
  return (JSON.parse(stdout) as Trial[]).map((trial) => ({ ...trial, client: "Python requests.Session" }));
}

async function java(url: string, idles: number[]): Promise<Trial[]> {
  const { stdout } = await run("java", [`${HERE}KeepAlive.java`, url, ...idles.map(String)]);
  return (JSON.parse(stdout) as Trial[]).map((trial) => ({ ...trial, client: "Java HttpClient" }));
}

/** curl with two URLs: `--rate N/m` starts the second transfer 60/N s after the first, on the same connection. */
const CURL_RATES: Record<number, string> = {
  1: "1/s",
  5: "12/m",
  6: "10/m",
  10: "6/m",
  30: "2/m",
  60: "1/m",
  120: "30/h",
};

async function curl(url: string, idle: number): Promise<Trial> {
  const rate = idle === 0 ? [] : ["--rate", CURL_RATES[idle] ?? "1/s"];
  const format = "%{http_code} %{num_connects}\\n";
  const args = ["-s", "-w", format, ...rate, "-o", "/dev/null", url, "-o", "/dev/null", url];
  const { stdout } = await run("curl", args).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? "",
  }));
  const second = stdout.trim().split("\n")[1]?.split(" ") ?? [];
  const outcome = second[0] === "200" ? "ok" : `curl: ${stdout.trim().replace(/\n/g, " / ")}`;
  return { client: "curl", idle, outcome, reused: second[1] === "0" };
}

export const curlIdles = (idles: number[]) => idles.filter((idle) => idle === 0 || idle in CURL_RATES);

/** Every client, every idle spell, all at once (each spell on its own connection). */
export async function allClients(url: string, idles: number[], withJava: boolean): Promise<Trial[]> {
  const runs: Array<Promise<Trial | Trial[]>> = [
    ...idles.flatMap((idle) => [node("fetch", url, idle), node("agent", url, idle)]),
    python(url, idles),
    ...curlIdles(idles).map((idle) => curl(url, idle)),
  ];
  if (withJava) runs.push(java(url, idles));
  return (await Promise.all(runs)).flat();
}
