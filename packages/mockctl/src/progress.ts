/**
 * How far a long deploy is, on stderr and only past a few imposters: a bar drawn over itself on a
 * terminal; elsewhere (a CI log) a plain line every few seconds, since escape codes there are noise and
 * a 1000-imposter deploy printed nothing for 24 s.
 */
export interface Progress {
  tick(label: string): void;
  done(): void;
}

/** The part of a stream a progress needs: whether it is a terminal, and a write. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressOptions {
  /** Under --json the output is one object: no plain lines (a terminal's bar is still drawn). */
  json?: boolean;
  /** Milliseconds, for tests. */
  now?: () => number;
}

const WIDTH = 24;
export const PROGRESS_THRESHOLD = 5;
/** How often a plain line at most: often enough that a CI job is seen to be alive. */
export const LINE_EVERY_MS = 2000;

const NONE: Progress = { tick() {}, done() {} };

export function progressLine(done: number, total: number, label: string): string {
  const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
  return `[${"█".repeat(filled)}${"░".repeat(WIDTH - filled)}] ${done}/${total} ${label}`;
}

export function createProgress(
  total: number,
  stream: ProgressStream = process.stderr,
  { json = false, now = Date.now }: ProgressOptions = {},
): Progress {
  if (total < PROGRESS_THRESHOLD) return NONE;
  if (stream.isTTY) return bar(total, stream);
  return json ? NONE : plainLines(total, stream, now);
}

function bar(total: number, stream: ProgressStream): Progress {
  let done = 0;
  return {
    tick(label) {
      done += 1;
      stream.write(`\r\x1b[2K${progressLine(done, total, label)}`);
    },
    done() {
      stream.write("\r\x1b[2K");
    },
  };
}

function plainLines(total: number, stream: ProgressStream, now: () => number): Progress {
  const start = now();
  let last = start;
  let done = 0;
  return {
    tick() {
      done += 1;
      const at = now();
      if (at - last < LINE_EVERY_MS || done === total) return; // the last is the success line's to say
      last = at;
      stream.write(`deploying: ${done}/${total} imposters (${Math.round((at - start) / 1000)} s)\n`);
    },
    done() {},
  };
}
