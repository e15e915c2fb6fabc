import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true once React runs in the browser:
 * for the parts of a page that need JavaScript and have a plain-HTML stand-in until then.
 */
export function useHydrated() {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
