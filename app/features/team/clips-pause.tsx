import { useSyncExternalStore } from "react";
import { PauseButton } from "~/components/ui/pause-button";
import { usePrefersReducedMotion } from "~/components/use-prefers-reduced-motion";

/*
 * Whether the visitor has paused the team clips. One choice for every tile in the tab: each Pause
 * clips button sets it, and it holds from page to page until they press Play clips.
 */
let clipsPaused = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setClipsPaused(paused: boolean) {
  clipsPaused = paused;
  for (const listener of listeners) listener();
}

export function useClipsPaused(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => clipsPaused,
    () => false,
  );
}

/** Pause clips / Play clips; nothing for visitors who asked for less motion, whose clips never play. */
export function ClipsPauseButton({ className }: { className?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const paused = useClipsPaused();
  if (reducedMotion) return null;
  return <PauseButton paused={paused} onPausedChange={setClipsPaused} what="clips" className={className} />;
}
