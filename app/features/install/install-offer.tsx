import { lazy, Suspense, useEffect, useState } from "react";

const InstallHint = lazy(() => import("./install-hint"));

/**
 * The install offer's place in the page (ADR 0140). Nothing is drawn by the server or before the
 * page is idle: the offer's script is fetched then, notes the page view and decides. What it
 * draws is fixed to the foot of the screen, so nothing on the page moves when it appears.
 */
export function InstallOffer() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const ready = () => setIdle(true);
    let cancel: () => void = () => undefined;
    const whenIdle = () => {
      if ("requestIdleCallback" in window) {
        const id = requestIdleCallback(ready, { timeout: 5_000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(ready, 1_000);
        cancel = () => clearTimeout(id);
      }
    };
    if (document.readyState === "complete") whenIdle();
    else addEventListener("load", whenIdle, { once: true });
    return () => {
      removeEventListener("load", whenIdle);
      cancel();
    };
  }, []);
  return idle ? (
    <Suspense fallback={null}>
      <InstallHint />
    </Suspense>
  ) : null;
}
