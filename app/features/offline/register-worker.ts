import { OFFLINE_COPY_ATTRIBUTE } from "./offline-copy";

/**
 * Registers the service worker (ADR 0135) once the page has loaded and the browser is idle, like
 * the vitals reporter (ADR 0089): neither the first paint nor hydration waits for it, and its
 * code (`offline-client.ts`) is fetched only then. Production builds only: the dev server has no
 * worker to serve.
 *
 * A copy the worker served loads afresh when the connection returns, listened for at once: waiting
 * for the idle start would miss a connection back within the page's first seconds.
 */
export function registerWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  if (document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE)) reloadWhenBackOnline();
  const start = () => void import("./offline-client").then((client) => client.startOfflineSupport());
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(start, { timeout: 5_000 }) : setTimeout(start, 1_000));
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

/**
 * Reloads the copy once the connection has been back for a second. Not at the "online" event
 * itself: a page leaving for another can get one as it goes (seen in Chromium), and a reload then
 * would take the visitor back to the copy instead of where they were going.
 */
function reloadWhenBackOnline(): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  addEventListener("online", () => {
    clearTimeout(timer);
    timer = setTimeout(() => navigator.onLine && location.reload(), 1_000);
  });
  addEventListener("offline", () => clearTimeout(timer));
  addEventListener("pagehide", () => clearTimeout(timer));
}
