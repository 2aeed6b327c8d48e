import { type MbError, MbFailure } from "@mockctl/core";

/** The slice of a zod schema used here, so this package needs no zod of its own (the contract has it). */
interface Schema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/** A platform request's body or query, checked with the contract's schema; 400 `bad data` says where. */
export function parsed<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map(
    (issue): MbError => ({
      code: "bad data",
      message: issue.path.length === 0 ? issue.message : `${issue.path.join(".")}: ${issue.message}`,
    }),
  );
  throw new MbFailure(...errors);
}
