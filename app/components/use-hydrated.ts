import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False in the server's HTML (and while it hydrates), true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
