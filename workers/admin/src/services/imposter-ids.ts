import { HttpFailure } from "../middleware/errors.ts";

/**
 * Mountebank looks imposters up by the literal path segment, so only the canonical decimal form of a port
 * names one ("04545" does not).
 */
export function portFromId(id: string): number | null {
  if (!/^[1-9]\d{0,4}$/.test(id)) return null;
  const port = Number(id);
  return port <= 65535 ? port : null;
}

export const noSuchImposter = () =>
  new HttpFailure(404, { code: "no such resource", message: "Try POSTing to /imposters first?" });

export const portInUse = (port: number) =>
  new HttpFailure(400, { code: "resource conflict", message: `Port ${port} is already in use` });
