/** A bar for long deploys, drawn on stderr over itself; only on a TTY and only past a few imposters. */
export interface Progress {
  tick(label: string): void;
  done(): void;
}

const WIDTH = 24;
export const PROGRESS_THRESHOLD = 5;

export function progressLine(done: number, total: number, label: string): string {
  const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
  return `[${"█".repeat(filled)}${"░".repeat(WIDTH - filled)}] ${done}/${total} ${label}`;
}

export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY || total < PROGRESS_THRESHOLD) return { tick() {}, done() {} };
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
