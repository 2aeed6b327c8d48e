/** A loaded worker that could not start because one of its modules failed to compile or evaluate. */
export interface StartFailure {
  /** The module the error points at, e.g. `f3.js`. */
  module: string;
  /** The error's message without its name, as `error.message` gives it to Mountebank's eval callers. */
  message: string;
}

// workerd's words (1.20260426), seen in the caller as the RPC error's message:
//   Failed to start Worker:\nUncaught SyntaxError: Unexpected token ';'\n  at f1.js:1:63
const START_FAILURE =
  /^Failed to start Worker:\s*\nUncaught (?:([A-Za-z]*Error): )?([\s\S]*?)\n\s+at ([^\s:]+):\d+:\d+/;

/**
 * Reads which module stopped a loaded worker from starting, or undefined for any other error. Loading
 * is all or nothing (workerd compiles every module, even dynamically imported ones, at start), so one
 * broken function would otherwise break every function of its imposter; Mountebank evals each one
 * alone and reports the compiler's message only for the broken one.
 */
export function parseStartFailure(message: string): StartFailure | undefined {
  const match = START_FAILURE.exec(message);
  if (match === null) return undefined;
  return { module: match[3] ?? "", message: match[2] ?? "" };
}
