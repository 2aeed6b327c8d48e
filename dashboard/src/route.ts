import { useEffect, useRef, useState } from "react";

export type Tab = "stubs" | "requests" | "try" | "traffic";
export const TABS: Tab[] = ["stubs", "requests", "try", "traffic"];

/** The page's place, kept in the URL's hash so that reload, back and links work without server routes. */
export type Route = { view: "list" } | { view: "imposter"; port: number; tab: Tab };

export function parseRoute(hash: string): Route {
  const match = /^#\/imposters\/(\d+)(?:\/(\w+))?/.exec(hash);
  if (match === null) return { view: "list" };
  const tab = TABS.find((name) => name === match[2]) ?? "stubs";
  return { view: "imposter", port: Number(match[1]), tab };
}

export function hrefOf(route: Route): string {
  return route.view === "list" ? "#/" : `#/imposters/${route.port}/${route.tab}`;
}

let leaving: ((next: Route) => boolean) | undefined;

/**
 * While set, a change of the page's place asks `guard` first; false keeps the page where it is and puts
 * the URL back (a view with unsaved edits: a header link or Back would unmount it and lose them).
 */
export function guardLeaving(guard: ((next: Route) => boolean) | undefined): void {
  leaving = guard;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  const shown = useRef(route);
  shown.current = route;
  useEffect(() => {
    const update = () => {
      const next = parseRoute(window.location.hash);
      if (leaving !== undefined && !leaving(next)) {
        window.history.replaceState(null, "", hrefOf(shown.current));
        return;
      }
      setRoute(next);
    };
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return route;
}
