import { MbFailure } from "../errors.ts";

/**
 * shellTransform runs a local program; a Worker has no processes, so the behavior can never run. The
 * validator refuses it when an imposter is created; this refuses it again should one get this far.
 */
export function refuseShellTransform(command: string): never {
  throw new MbFailure({
    code: "invalid injection",
    message: "shellTransform is not supported: mockctl runs on Workers, which cannot run shell commands",
    source: command,
  });
}
