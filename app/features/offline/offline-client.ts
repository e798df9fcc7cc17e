/**
 * The page's side of the service worker (ADR 0135), loaded once the page is idle: registers the
 * worker and, on a page the worker served from its cache (`<html data-offline-copy>`), makes a
 * link followed from the copy load its page as a document, so the worker answers it (fresh, or
 * its own copy, labelled) rather than React Router fetching its data into a page still labelled
 * as a copy. The copy's reload when the connection returns is listened for at once, in
 * `register-worker.ts`.
 */
import { OFFLINE_COPY_ATTRIBUTE } from "./offline-copy";
import { WORKER_URL } from "./offline-policy";

export function startOfflineSupport(): void {
  // Refused where workers are blocked (a private window, a browser's setting): the site works as before.
  navigator.serviceWorker.register(WORKER_URL, { scope: "/" }).catch(() => undefined);
  if (!document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE)) return;
  addEventListener("click", followAsDocument, { capture: true });
}

function followAsDocument(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.origin !== location.origin ||
    (link.target && link.target !== "_self") ||
    link.hasAttribute("download")
  )
    return;
  if (link.pathname === location.pathname && link.search === location.search && link.hash) return;
  event.preventDefault();
  event.stopPropagation();
  location.assign(link.href);
}
