import { portFromId } from "@mockctl/contract";
import { UsageError } from "../output.ts";

/** How every command's help and errors describe the port rule. */
export const PORT_RULE = "1-65535, no leading zero";

/** The help line of every command that takes `<port>`. */
export const PORT_ARG = `<port> is the imposter's port (${PORT_RULE}: mb finds no imposter at "04545").`;

/**
 * An imposter's port as a command argument: its id on the platform, read by the contract's port rule (as
 * mb looks imposters up by the literal path segment, `04545` names none, so it is refused here too).
 */
export function parsePort(text: string | undefined, command: string): number {
  const port = text === undefined ? null : portFromId(text);
  if (port === null) throw new UsageError(`invalid port: ${text ?? "(none)"} (give ${PORT_RULE})`, command);
  return port;
}
