import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { type LatePart, markLatePartHydrated, waitForLatePart } from "~/lib/paint-first";

/** On the server: every late part's module, loaded before the first page is rendered. */
const serverLoads: Promise<unknown>[] = [];

/** Resolves once the server has every late part's module (at once after the first time). */
export function latePartsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

/**
 * A part of the page whose script is not among the page's first (ADR 0093): a section below the
 * fold, the footer, the error pages, the helpers that only matter once someone interacts. The
 * server renders it in full, so the page reads and works as it does without JavaScript; the
 * browser fetches its script while it hydrates the rest of the page and hydrates the part when it
 * arrives. `load` imports the module and picks the component: `() => import("./x").then((m) => m.X)`.
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const loadOnce = async () => (loaded ??= await load());
  if (import.meta.env.SSR) serverLoads.push(loadOnce());
  const Late = lazy(async () => ({ default: await loadOnce() }));

  function HydratedLater(props: P) {
    const [part] = useState<LatePart>(() => ({ hydrated: false }));
    useEffect(() => waitForLatePart(part), [part]);
    // The server renders the loaded component; the browser always renders the lazy one, which
    // stays the same element type once its script has arrived, so the part keeps its state.
    const Part = (import.meta.env.SSR && loaded) || Late;
    return (
      <Suspense fallback={null}>
        <Part {...props} />
        <HydratedMark part={part} />
      </Suspense>
    );
  }
  return HydratedLater;
}

/** Inside the part's boundary: its effect runs when the part's content has hydrated. */
function HydratedMark({ part }: { part: LatePart }) {
  useEffect(() => markLatePartHydrated(part), [part]);
  return null;
}
