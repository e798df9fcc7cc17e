/**
 * Registers the service worker (ADR 0135) once the page has loaded and the browser is idle, like
 * the vitals reporter (ADR 0089): neither the first paint nor hydration waits for it, and its
 * code (`offline-client.ts`) is fetched only then. Production builds only: the dev server has no
 * worker to serve.
 */
export function registerWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const start = () => void import("./offline-client").then((client) => client.startOfflineSupport());
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(start, { timeout: 5_000 }) : setTimeout(start, 1_000));
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}
