import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { hostConfig } from "./host-config.ts";
import { HOST_WORKER_MODULE } from "./host-worker.ts";
import { type RecycleOptions, recycleWhenIdle } from "./recycle.ts";
import { isStuck, movesOn, PROGRESS_WINDOW_MS } from "./stuck.ts";
import {
  drained,
  killProcess,
  listening,
  ping,
  postAlone,
  renice,
  tail,
  workerdBinary,
} from "./workerd-process.ts";

/**
 * How long a ping may take before the host counts as stuck: far above a ping's ~1 ms, and above what a
 * healthy host at niceness 19 may wait for a core on an overloaded machine. (With 500 ms, one decorate run
 * at a load average of 15 on 2 cores had 36 failed requests, likely calls in flight on a host killed so.)
 */
export const PING_TIMEOUT_MS = 1_000;

/**
 * While a call that overran is checked and the host's thread was quiet, the host runs at the lowest CPU
 * priority until it answers a ping: a spinning function then yields the cores to the front door and the
 * admin API until it is killed. Not before: a lower priority all the time halves the throughput of user
 * code on a busy machine (infra/bench/README.md).
 */
const SUSPECT_NICENESS = 19;

export type Verdict = "healthy" | "killed" | "down";

/** How the host's process is started: the launcher passes one that ties the child's life to its own. */
export type SpawnChild = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

/**
 * The local platform's user-code host: a workerd process of its own that runs Mountebank's user functions,
 * so a function that never returns (`while (true) {}`) blocks that process's thread, not the platform's.
 * Started on first use, killed with SIGKILL when a call overran and the host's thread neither moved on nor
 * answered a ping (stuck.ts), and started again at once; a host that dies by itself (V8's heap limit)
 * starts again on next use.
 */
export class UserCodeHost {
  readonly socketPath: string;
  readonly #dir: string;
  readonly #configPath: string;
  /** Where a starting host listens; renamed to socketPath once it does (see #spawn). */
  readonly #nextSocket: string;
  #child: ChildProcess | undefined;
  #starting: Promise<void> | undefined;
  #checking: Promise<Verdict> | undefined;
  #stopped = false;
  /** Hosts replaced by #recycle, which exit on SIGTERM: not worth a log line. */
  readonly #retired = new WeakSet<ChildProcess>();
  readonly #stopRecycling: () => void;
  readonly #spawnChild: SpawnChild;
  /** Processes started so far (tests and logs read it). */
  starts = 0;

  /** `spawnChild`: the launcher's tethered spawn (infra/local/tether.ts); plain `spawn` in tests. */
  constructor(recycle: RecycleOptions = {}, spawnChild: SpawnChild = spawn) {
    this.#spawnChild = spawnChild;
    // A private folder (0700): only this user can reach the socket.
    this.#dir = mkdtempSync(join(tmpdir(), "mockctl-user-code-"));
    this.socketPath = join(this.#dir, "host.sock");
    this.#nextSocket = join(this.#dir, "next.sock");
    writeFileSync(join(this.#dir, "host.js"), HOST_WORKER_MODULE);
    this.#configPath = join(this.#dir, "host.capnp");
    writeFileSync(this.#configPath, hostConfig({ socketPath: this.#nextSocket, moduleFile: "host.js" }));
    this.#stopRecycling = recycleWhenIdle(
      () => this.pid,
      () => this.#recycle(),
      recycle,
    );
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Resolves once a host process listens; starts one when none runs. */
  start(): Promise<void> {
    if (this.#stopped) return Promise.reject(new Error("the user code host was stopped"));
    if (this.#child !== undefined && this.#starting === undefined) return Promise.resolve();
    this.#starting ??= this.#spawn().finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  /**
   * What the edge asks before its first call and after a call lost the host: a host that answers. One that
   * runs but does not answer (it crashed and has not exited yet, or it is stuck) is killed and replaced.
   */
  async ensure(): Promise<void> {
    const judged = this.#starting === undefined ? this.#child : undefined;
    if (judged !== undefined && (await this.#stuck(judged))) await killProcess(judged);
    await this.start();
  }

  /** After a call overran: a host that answers no ping within PING_TIMEOUT_MS is killed and restarted. */
  check(): Promise<Verdict> {
    this.#checking ??= this.#check().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  /**
   * A call the edge lost with its connection (host-client.ts), sent again on a connection of its own to the
   * host that now holds the socket's name: after a replacement, the edge's pooled connections may all lead
   * to the old host, which closes them as it drains. 503 when no host runs (it died during the call): a
   * relay never starts one, so a function that killed its host does not run again on the next.
   */
  async relay(body: string): Promise<Response> {
    if (this.#starting !== undefined) await this.#starting.catch(() => undefined);
    const answer = this.#child === undefined ? undefined : await postAlone(this.socketPath, "/run", body);
    if (answer === undefined) return new Response("no user code host answered", { status: 503 });
    return new Response(answer.body, {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopRecycling();
    await this.#kill();
    rmSync(this.#dir, { recursive: true, force: true });
  }

  async #spawn(): Promise<void> {
    // A killed process leaves its socket file behind, and workerd will not listen over it.
    rmSync(this.#nextSocket, { force: true });
    const args = ["serve", "--experimental", "--control-fd=3", this.#configPath];
    const child = this.#spawnChild(workerdBinary(), args, { stdio: ["ignore", "ignore", "pipe", "pipe"] });
    this.#child = child;
    this.starts++;
    // A spawn that fails (EMFILE past an overload's connections, a missing binary) emits 'error' and no
    // 'exit', and has no pipes: unheard, that error ended the launcher; now this start fails, and the next
    // call starts a host again.
    const failed = new Promise<never>((_, reject) => {
      child.once("error", (error) => {
        if (this.#child === child) this.#child = undefined;
        reject(new Error(`the user code host did not start: ${error.message}`));
      });
    });
    if (child.pid === undefined) await failed;
    // If the launcher exits without stop(), the host must not outlive it (SIGKILL: the tether).
    const orphaned = () => child.kill("SIGKILL");
    process.once("exit", orphaned);
    child.once("exit", () => process.off("exit", orphaned));
    const lastLines = tail(child.stderr);
    child.once("exit", (code, signal) => {
      if (this.#child === child) this.#child = undefined;
      // SIGINT is the terminal's Ctrl-C, which reaches the host with the launcher: a shutdown, not news.
      if (this.#stopped || signal === "SIGKILL" || signal === "SIGINT" || this.#retired.has(child)) return;
      const lines = lastLines();
      console.error(
        `user code host exited (${signal ?? code})${lines.length > 0 ? `: ${lines.join(" | ")}` : ""}`,
      );
    });
    const exited = once(child, "exit").then(() => {
      throw new Error(`the user code host did not start: ${lastLines().join(" | ")}`);
    });
    await Promise.race([listening(child.stdio[3] as Readable), exited, failed]);
    // One atomic step: from here new connections reach this process, while one it replaces keeps serving
    // the connections it has (its socket lives on, nameless, until it exits).
    renameSync(this.#nextSocket, this.socketPath);
  }

  async #check(): Promise<Verdict> {
    if (this.#starting !== undefined) await this.#starting.catch(() => undefined);
    const judged = this.#child;
    if (judged?.pid === undefined) return "down";
    if (!(await this.#stuck(judged))) return "healthy";
    await killProcess(judged);
    // Started again at once, so the next call does not wait for it (unless the platform is stopping).
    if (!this.#stopped) void this.start().catch(() => undefined);
    return "killed";
  }

  /**
   * Busy hosts are not stuck, however late they would answer a ping (stuck.ts). The verdict is about `judged`
   * alone: a host started meanwhile (by another verdict or a recycle) may not listen yet, so it would answer
   * no ping either, and killing it failed the start that the edge's ensure() was waiting for.
   */
  async #stuck(judged: ChildProcess): Promise<boolean> {
    const pid = judged.pid;
    if (pid === undefined) return false;
    return isStuck({
      movesOn: () => movesOn(pid, PROGRESS_WINDOW_MS),
      answers: () => ping(this.socketPath, PING_TIMEOUT_MS),
      suspect: (suspected) => renice(pid, suspected ? SUSPECT_NICENESS : 0),
    });
  }

  /**
   * A host that grew (recycle.ts) is replaced with no gap, idle or under load: a fresh one starts and takes
   * the socket's name, then the old one is killed once its calls in flight are done (drained).
   */
  async #recycle(): Promise<void> {
    const old = this.#child;
    if (this.#stopped || this.#starting !== undefined || this.#checking !== undefined) return;
    if (old?.pid === undefined) return;
    this.#child = undefined;
    const started = await this.start().then(
      () => true,
      () => false,
    );
    if (started) {
      this.#retired.add(old);
      await drained(old);
    } else if (this.#child === undefined && !this.#stopped) this.#child = old;
    if (this.#child !== old) await killProcess(old);
  }

  async #kill(): Promise<void> {
    if (this.#child !== undefined) await killProcess(this.#child);
  }
}
