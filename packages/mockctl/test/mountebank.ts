import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A real Mountebank 2.9.1 (the repository's devDependency) for `mockctl import --from`. */
export interface Mountebank {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startMountebank(options: { apikey?: string } = {}): Promise<Mountebank> {
  const bin = createRequire(import.meta.url).resolve("mountebank/bin/mb");
  const dir = mkdtempSync(join(tmpdir(), "mockctl-mb-"));
  const port = await freePort();
  const args = [
    bin,
    "--port",
    String(port),
    "--pidfile",
    join(dir, "mb.pid"),
    "--logfile",
    join(dir, "mb.log"),
  ];
  if (options.apikey !== undefined) args.push("--apikey", options.apikey);
  const child = spawn(process.execPath, [...args, "--allowInjection", "--loglevel", "warn"], {
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const up = await fetch(url).then(
      // With --apikey, mb answers 401 once it is up.
      (response) => response.status < 500,
      () => false,
    );
    if (up) break;
    if (tries > 100) throw new Error("mb did not start");
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
