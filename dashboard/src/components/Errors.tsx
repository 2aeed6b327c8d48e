import type { MbError } from "../api/types.ts";

/** mb's error messages as it words them, each with its code. */
export function Errors({ errors }: { errors: readonly MbError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul role="alert" className="errors">
      {errors.map((error, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: errors have no identity of their own
        <li key={index}>
          <code>{error.code}</code> {error.message}
        </li>
      ))}
    </ul>
  );
}
