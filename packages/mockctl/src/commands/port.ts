import { UsageError } from "../output.ts";

/** An imposter's port as a command argument: its id on the platform. */
export function parsePort(text: string | undefined, command: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text ?? "") || port < 1 || port > 65535) {
    throw new UsageError(`invalid port: ${text ?? "(none)"} (give 1-65535)`, command);
  }
  return port;
}
