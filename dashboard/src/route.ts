import { useEffect, useState } from "react";

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

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  return route;
}
