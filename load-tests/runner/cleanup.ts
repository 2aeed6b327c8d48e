// Everything the runner starts is registered here, so a failure or Ctrl-C stops it as surely as success.

interface Entry {
  name: string;
  /** The orderly stop, awaited at the end of a run. */
  stop: () => Promise<void> | void;
  /** What must happen even when the process exits this very tick (a signal): synchronous. */
  now?: () => void;
}

const entries: Entry[] = [];

/** Registers a stop; the returned function runs it at once and forgets it. */
export function onCleanup(name: string, stop: Entry["stop"], now?: Entry["now"]): () => Promise<void> {
  const entry: Entry = now === undefined ? { name, stop } : { name, stop, now };
  entries.push(entry);
  return async () => {
    const at = entries.indexOf(entry);
    if (at >= 0) entries.splice(at, 1);
    await stop();
  };
}

let cleaning: Promise<void> | undefined;

/**
 * Stops everything still registered, newest first, reporting (not throwing) what fails to stop. The end
 * of the run and an error may both ask: they share one cleanup.
 */
export function cleanupAll(): Promise<void> {
  cleaning ??= (async () => {
    while (entries.length > 0) {
      const { name, stop } = entries.pop()!;
      try {
        await stop();
      } catch (error) {
        console.error(`could not stop ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return cleaning;
}

/**
 * Ctrl-C and kill. Wrangler and Miniflare (loaded with the local platform) have signal handlers of their
 * own that call process.exit() in the same tick, so nothing asynchronous can be awaited here: children are
 * signalled synchronously, and Miniflare's own exit hooks stop workerd. Wrangler's earlier handlers are
 * taken off and run after ours, so they cannot exit first. Call this after every import.
 */
export function cleanupOnSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    // One by one, not removeAllListeners: tsx's hidden relay to its parent process must stay.
    const earlier = process.listeners(signal);
    for (const listener of earlier) process.removeListener(signal, listener);
    process.once(signal, () => {
      console.error(`\n${signal}: stopping everything this run started`);
      for (const entry of entries.reverse()) entry.now?.();
      for (const listener of earlier) listener(signal);
      process.exit(130);
    });
  }
}
