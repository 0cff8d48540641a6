import { useMatches } from "react-router";

/** Every route in the shells carries its page heading in `handle`. */
export interface RouteHandle {
  readonly title: string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && "title" in value && typeof value.title === "string";
}

/** The heading of the deepest matched route that has one. */
export function usePageTitle(fallback = "CargoDesk"): string {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return fallback;
}
