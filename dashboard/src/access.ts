import { createContext, useContext } from "react";

/**
 * What the signed-in caller may do, from GET /platform/workspace's `caller`: a read-scope token sees every
 * write control disabled, with why, instead of finding out from a 403 after pressing it. Unknown (an older
 * platform) means allowed, as before.
 */
export interface Access {
  workspace?: string;
  scope?: "read" | "write" | "admin";
}

export const AccessContext = createContext<Access>({});

/** Props for a control that changes the platform: disabled, with the reason, for a read-only caller. */
export function useWriteControl(): { disabled: boolean; title?: string } {
  const { scope } = useContext(AccessContext);
  return scope === "read"
    ? { disabled: true, title: "Your token can only read: this needs write." }
    : { disabled: false };
}
