/**
 * Keeps a browser's push subscription in step (push-client.ts) once the page has loaded and the
 * browser is idle, like the service worker's registration: only where notifications are on, and
 * the code for it is fetched only then. Production builds only (the worker is built with the site).
 */
export function syncPushWhenIdle(): void {
  if (!import.meta.env.PROD || !("Notification" in window) || Notification.permission !== "granted") return;
  const start = () => void import("./push-client").then((client) => client.keepInStep());
  const whenIdle = () => ("requestIdleCallback" in window ? requestIdleCallback(start, { timeout: 5_000 }) : setTimeout(start, 1_000));
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}
