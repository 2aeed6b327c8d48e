import { useEffect } from "react";
import { guardLeaving } from "./route.ts";

const QUESTION = "Leave with unsaved stub edits? They will be lost.";

/**
 * While `dirty`, the browser asks before a reload or a closed tab throws the unsaved edits away, and the
 * dashboard asks before a link or Back leaves imposter `port` (another tab of it keeps them).
 */
export function useUnsavedWarning(dirty: boolean, port?: number): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    guardLeaving((next) => {
      if (next.view === "imposter" && next.port === port) return true;
      const leave = window.confirm(QUESTION);
      // Asked once: the edits are given up, and the pages after this one need no guard.
      if (leave) guardLeaving(undefined);
      return leave;
    });
    return () => {
      window.removeEventListener("beforeunload", warn);
      guardLeaving(undefined);
    };
  }, [dirty, port]);
}
