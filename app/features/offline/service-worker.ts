/**
 * The site's service worker (ADR 0135): a fan at the circuit with one bar keeps reading the home
 * page, the calendar and the round's page. Built by the Vite build (`vite/service-worker.ts`) into
 * `/sw.js`, one file, with its build's id and the list of the public pages' files to keep.
 *
 * Its handlers are registered one per concern so the next issue's (Web Push, the install
 * manifest) add theirs beside them: `install`, `activate`, `fetch` here, `push` and
 * `notificationclick` later, each in its own small module imported below.
 */
import {
  cacheNames,
  copyMadeAt,
  copyTimeLabel,
  feedCopyFor,
  isKeepable,
  isStaleCache,
  markAsCopy,
  MAX_KEPT_FEEDS,
  MAX_KEPT_IMAGES,
  MAX_KEPT_PAGES,
  NETWORK_TIMEOUT_MS,
  OFFLINE_COPY_HEADER,
  offlinePage,
  ROUTE_MANIFEST,
  strategyFor,
  type UkParts,
} from "./offline-policy";
import { addPushHandlers, type PushWorkerScope } from "~/features/push/push-worker";

/** Filled in by the build. */
declare const __BUILD_ID__: string;
declare const __PRECACHE__: string[];
declare const __STYLESHEET__: string | null;

/** The parts of a service worker's global scope used here (the DOM library has no worker types). */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WindowClient {
  readonly url: string;
}
export interface WorkerScope {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void>; matchAll(options: { type: "window" }): Promise<WindowClient[]> };
  readonly location: Location;
}

const worker = self as unknown as WorkerScope;
// Web Push (issue 40): show every push, open its page on a tap, follow a renewed subscription.
addPushHandlers(self as unknown as PushWorkerScope);
const BUILD_ID = __BUILD_ID__;
const CACHES = cacheNames(BUILD_ID);
/** When a page is stored: read back as its copy's time when it has no `Date`. */
const STORED_AT_HEADER = "X-Stored-At";

const UK_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const WEEKDAY_NUMBER: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function ukParts(at: Date): UkParts {
  const parts = Object.fromEntries(UK_PARTS.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAY_NUMBER[parts.weekday ?? "Sun"] ?? 0,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

// A new build's worker takes over at once: it brings its own files, and the old build's are gone
// from the server anyway once the new one is deployed.
worker.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHES.assets)
      .then((cache) => cache.addAll(__PRECACHE__))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isStaleCache(name, BUILD_ID)).map((name) => caches.delete(name)));
      await worker.clients.claim();
      // The pages open when the worker arrived (their first visit) are kept now, not at their next visit.
      const open = await worker.clients.matchAll({ type: "window" });
      await Promise.all(open.map((client) => keepFreshCopy(client.url)));
    })(),
  );
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const strategy = strategyFor({
    method: request.method,
    url: request.url,
    origin: worker.location.origin,
    mode: request.mode,
    destination: request.destination,
    accept: request.headers.get("Accept"),
  });
  switch (strategy.kind) {
    case "page":
      event.respondWith(networkFirstPage(event));
      return;
    case "navigate":
      event.respondWith(fetch(request).catch(() => offlineAnswer()));
      return;
    case "asset":
      event.respondWith(cacheFirst(event, CACHES.assets, () => fetch(request)));
      return;
    case "image":
      event.respondWith(cacheFirst(event, CACHES.images, () => fetch(request).catch(() => placeholderImage()), MAX_KEPT_IMAGES));
      return;
    case "live":
      event.respondWith(networkFirstFeed(event));
      return;
    case "data":
      event.respondWith(fetch(request).catch(() => loadAsDocument(strategy.page)));
      return;
    case "none":
      return;
  }
});

/** A page: the network, at most NETWORK_TIMEOUT_MS while a copy is kept; the copy, marked, when it fails or is slow. */
async function networkFirstPage(event: FetchEvent): Promise<Response> {
  const request = event.request;
  const network = fetch(request);
  event.waitUntil(network.then((response) => keep(CACHES.pages, request.url, response, MAX_KEPT_PAGES)).catch(() => undefined));
  const copy = caches.open(CACHES.pages).then((cache) => cache.match(request.url, { ignoreVary: true }));
  try {
    const first = await Promise.race([
      network,
      copy.then((kept): Promise<Response | "timeout"> => (kept ? delay(NETWORK_TIMEOUT_MS) : network)),
    ]);
    if (first instanceof Response) return first;
    const kept = await copy;
    return kept ? await asCopy(kept) : await network;
  } catch {
    const kept = await copy;
    return kept ? await asCopy(kept) : await offlineAnswer();
  }
}

/** The feed (and the route manifest's patches): the network; the best kept answer, marked, when it fails. */
async function networkFirstFeed(event: FetchEvent): Promise<Response> {
  const request = event.request;
  try {
    const response = await fetch(request);
    event.waitUntil(keep(CACHES.live, request.url, response, MAX_KEPT_FEEDS));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHES.live);
    const keys = (await cache.keys()).map((key) => key.url);
    const url = feedCopyFor(request.url, keys);
    const kept = url ? await cache.match(url, { ignoreVary: true }) : undefined;
    if (!kept && new URL(request.url).pathname === ROUTE_MANIFEST) return loadAsDocument(null);
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set(OFFLINE_COPY_HEADER, madeAt(kept).toISOString());
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
}

async function cacheFirst(event: FetchEvent, cacheName: string, network: () => Promise<Response>, maxEntries?: number): Promise<Response> {
  // Any of the worker's caches: the icon is kept with the build's files, pictures in their own.
  const kept = await caches.match(event.request, { ignoreVary: true });
  if (kept) return kept;
  const response = await network();
  event.waitUntil(keep(cacheName, event.request.url, response, maxEntries));
  return response;
}

/** Stores a copy of `response` if it may be kept, with the time it was stored; the oldest go past `maxEntries`. */
async function keep(cacheName: string, url: string, response: Response, maxEntries?: number): Promise<void> {
  const facts = {
    status: response.status,
    type: response.type,
    redirected: response.redirected,
    cacheControl: response.headers.get("Cache-Control"),
    vary: response.headers.get("Vary"),
  };
  if (!isKeepable(facts)) return;
  const copy = response.clone();
  const headers = new Headers(response.headers);
  headers.set(STORED_AT_HEADER, new Date().toISOString());
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  const body = await copy.arrayBuffer();
  const cache = await caches.open(cacheName);
  await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  if (maxEntries === undefined) return;
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((key) => cache.delete(key)));
}

/** Fetches a kept page afresh and keeps it (the pages open when the worker arrived). */
async function keepFreshCopy(url: string): Promise<void> {
  const strategy = strategyFor({
    method: "GET",
    url,
    origin: worker.location.origin,
    mode: "navigate",
    destination: "document",
    accept: null,
  });
  if (strategy.kind !== "page") return;
  try {
    // Said to be a prefetch: no visitor saw this copy, so partner impressions do not count it.
    await keep(CACHES.pages, url, await fetch(url, { credentials: "same-origin", headers: { Purpose: "prefetch" } }), MAX_KEPT_PAGES);
  } catch {
    // Offline already: it will be kept at its next visit.
  }
}

function madeAt(kept: Response): Date {
  const stored = Date.parse(kept.headers.get(STORED_AT_HEADER) ?? "");
  return copyMadeAt(kept.headers.get("Date"), kept.headers.get("Age"), Number.isNaN(stored) ? new Date() : new Date(stored));
}

/** A kept page as a copy: `<html data-offline-copy="14:32">` and the header with the copy's time. */
async function asCopy(kept: Response): Promise<Response> {
  const at = madeAt(kept);
  const html = markAsCopy(await kept.text(), copyTimeLabel(at, new Date(), ukParts));
  const headers = new Headers(kept.headers);
  headers.set(OFFLINE_COPY_HEADER, at.toISOString());
  return new Response(html, { status: kept.status, statusText: kept.statusText, headers });
}

async function offlineAnswer(): Promise<Response> {
  const pages = await caches.open(CACHES.pages);
  const kept = (await pages.keys()).map((key) => key.url);
  return new Response(offlinePage(kept, __STYLESHEET__), {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'none'; frame-ancestors 'none'",
    },
  });
}

/**
 * Tells React Router's client to load `page` as a document (its data request failed), or, for the
 * route manifest's patches, to load the next page it has no route for as a document: the worker
 * then answers that navigation.
 */
function loadAsDocument(page: string | null): Response {
  const headers: Record<string, string> = { "X-Remix-Reload-Document": "true" };
  if (page !== null) headers["X-Remix-Redirect"] = page;
  return new Response(null, { status: 204, headers });
}

/** A blank picture for one not kept: the page lays out as it would, with no broken image. */
function placeholderImage(): Response {
  return new Response('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#1c2026"/></svg>', {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "no-store" },
  });
}

function delay(ms: number): Promise<"timeout"> {
  return new Promise((resolve) => setTimeout(() => resolve("timeout"), ms));
}
