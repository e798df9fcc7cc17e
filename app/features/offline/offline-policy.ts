/**
 * At the circuit with one bar (issue 39, ADR 0135): what the service worker keeps, how it answers,
 * and how a page it served from its cache says so. Pure: no clock, no Cache API, no network; the
 * worker (`service-worker.ts`) and its tests both read these rules.
 *
 * The worker keeps an allow-list, never a deny-list: the home page, the calendar and the round
 * pages (navigations), the build's hashed files, the round's "updates since N" feed, the route
 * manifest's patches and the pictures those pages show. Everything else (the store and its
 * prices, the cart, checkout, accounts, dashboards, the back office, any form post, the live
 * stream) goes to the network as if there were no worker. Of what it may keep, it stores only a
 * complete public answer: a 200 that nobody marked `private` or `no-store`, which is every answer
 * to a signed-in visitor or a cart (server/cache-policy.ts), so a saved copy is always the page
 * everyone gets and never one visitor's own.
 */
import { brand } from "~/brand";
import { OFFLINE_COPY_ATTRIBUTE } from "./offline-copy";

/** Where the worker's script is served from; its scope is the whole site. */
export const WORKER_URL = "/sw.js";

/** The header on an answer the worker served from its cache: when that copy was made (ISO instant). */
export const OFFLINE_COPY_HEADER = "X-Offline-Copy";

/** How long a navigation waits for the network before a saved copy is shown instead (a weak link). */
export const NETWORK_TIMEOUT_MS = 3_000;

/** At most this many pictures are kept; the oldest go first. */
export const MAX_KEPT_IMAGES = 80;
/** At most this many pages (home, calendar, rounds, with their query strings) are kept. */
export const MAX_KEPT_PAGES = 40;
/** Answers of the live feed (one per "since" asked) and the route manifest's patches: the newest few are enough to read offline. */
export const MAX_KEPT_FEEDS = 30;

export type CacheKind = "pages" | "assets" | "live" | "images";

/** The caches of one build. A new build's worker removes every other build's caches when it activates. */
export function cacheNames(buildId: string): Record<CacheKind, string> {
  return {
    pages: `ridgeway-pages-${buildId}`,
    assets: `ridgeway-assets-${buildId}`,
    live: `ridgeway-live-${buildId}`,
    images: `ridgeway-images-${buildId}`,
  };
}

/** Whether a cache is one of this site's workers' and not this build's (so it goes on activate). */
export function isStaleCache(name: string, buildId: string): boolean {
  return /^ridgeway-[a-z]+-/.test(name) && !Object.values(cacheNames(buildId)).includes(name);
}

/**
 * How the worker answers a request:
 * - `page`: network first (at most `NETWORK_TIMEOUT_MS` while a copy exists), keep the answer,
 *   fall back to the last copy, marked as one, then to the offline page;
 * - `navigate`: the network only, the offline page when it fails (nothing kept);
 * - `asset`: the build's hashed files, cache first;
 * - `live`: the updates feed and the route manifest's patches, network first, the last copy when it
 *   fails (with none, the feed fails as the network did; the patches answer React Router's "load
 *   the page as a document", so a link to a page it never saw is loaded, and answered, by the worker);
 * - `image`: a picture of the site's, cache first, a blank placeholder offline when none is kept;
 * - `data`: React Router's data request for `page`: the network; when it fails, the browser is told to
 *   load `page` as a document, so the navigation above answers it (a saved copy or the offline page);
 * - `none`: the worker stays out of it (the browser's own handling, as without a worker).
 */
export type Strategy =
  | { kind: "page" }
  | { kind: "navigate" }
  | { kind: "asset" }
  | { kind: "live" }
  | { kind: "image" }
  | { kind: "data"; page: string }
  | { kind: "none" };

/** What the worker knows of a request when it decides. */
export interface RequestFacts {
  method: string;
  url: string;
  /** The worker's own origin. */
  origin: string;
  /** `navigate` for a document, else `cors`, `no-cors`, `same-origin`. */
  mode: string;
  /** `document`, `image`, `script`, `style`, `font`, `` for fetch(). */
  destination: string;
  accept: string | null;
}

/** The pages kept for offline reading: the home page, the calendar and a round's page. */
export function isKeptPage(pathname: string): boolean {
  return pathname === "/" || /^\/calendar(?:\/[^/.]+)?\/?$/.test(pathname);
}

/** The round's "updates since N" feed (`/live/:roundId/updates`). */
const LIVE_UPDATES = /^\/live\/[^/]+\/updates$/;
/** The round's live stream: never touched by the worker. */
const LIVE_EVENTS = /^\/live\/[^/]+\/events$/;
/** React Router's route manifest patches (lazy route discovery). */
export const ROUTE_MANIFEST = "/__manifest";
/** A single-fetch data request: the page's path with `.data` (`/_.data` for `/`). */
const DATA_REQUEST = /\.data$/;

export function strategyFor(request: RequestFacts): Strategy {
  if (request.method !== "GET") return { kind: "none" };
  const url = new URL(request.url);
  if (url.origin !== request.origin) return { kind: "none" };
  const path = url.pathname;
  if (LIVE_EVENTS.test(path) || request.accept?.includes("text/event-stream")) return { kind: "none" };
  // An allow-list: the store, the cart, checkout, accounts, dashboards and the back office are never kept.
  if (request.mode === "navigate") return isKeptPage(path) ? { kind: "page" } : { kind: "navigate" };
  if (path.startsWith("/assets/")) return { kind: "asset" };
  if (LIVE_UPDATES.test(path) || path === ROUTE_MANIFEST) return { kind: "live" };
  if (DATA_REQUEST.test(path)) return { kind: "data", page: pageOfDataRequest(url) };
  if (request.destination === "image" && (path.startsWith("/media/") || path === "/favicon.svg")) return { kind: "image" };
  return { kind: "none" };
}

/** The page a single-fetch data URL loads: `/calendar.data?_routes=x` → `/calendar`, `/_.data` → `/`. */
export function pageOfDataRequest(url: URL): string {
  const pathname = url.pathname === "/_.data" ? "/" : url.pathname.replace(/(?:\/_)?\.data$/, "") || "/";
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** What the worker reads of an answer before keeping it. */
export interface ResponseFacts {
  status: number;
  /** `basic` for a same-origin answer; `opaque`, `cors` and `error` are never kept. */
  type: string;
  redirected: boolean;
  cacheControl: string | null;
  vary: string | null;
}

/**
 * Whether an answer may be kept: complete (200), the site's own, not reached through a redirect
 * (a page that sent the visitor elsewhere, e.g. to sign in), and public: never one marked
 * `private` or `no-store` (a signed-in visitor's or a cart's page, a confirmation) and never one
 * that varies on everything.
 */
export function isKeepable(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  if (response.cacheControl && /\b(?:private|no-store)\b/i.test(response.cacheControl)) return false;
  return !(response.vary && /(?:^|,)\s*\*\s*(?:,|$)/.test(response.vary));
}

/**
 * Of the kept feed answers, the one to show for `requested` when the network fails: the same URL,
 * else the copy of the same round asked with the highest `since` not above the requested one (it
 * holds every event the page is missing; ones it already has are applied once, by id).
 */
export function feedCopyFor(requested: string, kept: readonly string[]): string | undefined {
  if (kept.includes(requested)) return requested;
  const want = new URL(requested);
  if (!LIVE_UPDATES.test(want.pathname)) return undefined;
  const wantSince = Number(want.searchParams.get("since") ?? 0);
  let best: { url: string; since: number } | undefined;
  for (const url of kept) {
    const candidate = new URL(url);
    if (candidate.pathname !== want.pathname) continue;
    const since = Number(candidate.searchParams.get("since") ?? 0);
    if (!(since <= wantSince) || (best && best.since >= since)) continue;
    best = { url, since };
  }
  return best?.url;
}

/** When a kept answer was made: its `Date` less its `Age` (a copy a shared cache held), else when it was stored. */
export function copyMadeAt(date: string | null, age: string | null, storedAt: Date): Date {
  const sent = date ? Date.parse(date) : NaN;
  if (Number.isNaN(sent)) return storedAt;
  const seconds = Number(age ?? 0);
  return new Date(sent - (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0));
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * The copy's time as the label says it, in UK time: "14:32" the same UK day, else "Sat 9 May, 14:32".
 * `ukParts` turns an instant into its UK wall-clock parts (the worker passes one built on `Intl`).
 */
export function copyTimeLabel(madeAt: Date, now: Date, ukParts: (at: Date) => UkParts): string {
  const copy = ukParts(madeAt);
  const today = ukParts(now);
  const time = `${pad(copy.hour)}:${pad(copy.minute)}`;
  if (copy.year === today.year && copy.month === today.month && copy.day === today.day) return time;
  return `${WEEKDAYS[copy.weekday]} ${copy.day} ${MONTHS[copy.month - 1]}, ${time}`;
}

export interface UkParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
  hour: number;
  minute: number;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** Marks a kept page's HTML as a copy: `<html data-offline-copy="14:32" …>` (the site's stylesheet shows the label). */
export function markAsCopy(html: string, label: string): string {
  const safe = label.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
  return html.replace(/<html\b/i, `<html ${OFFLINE_COPY_ATTRIBUTE}="${safe}"`);
}

/** The page shown for a navigation that failed with no copy kept: what can still be read, linked. */
export function offlinePage(keptPages: readonly string[], stylesheet: string | null): string {
  const names = keptPages
    .map((url) => new URL(url))
    .map((url) => ({ href: `${url.pathname}${url.search}`, name: pageName(url.pathname) }))
    .sort((a, b) => a.href.localeCompare(b.href));
  const links = names.map(({ href, name }) => `<li><a href="${escapeHtml(href)}">${escapeHtml(name)}</a></li>`).join("");
  return [
    '<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Offline | ${brand.name}</title>`,
    stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : "",
    '</head><body class="offline-page"><main id="main">',
    "<h1>You are offline</h1>",
    "<p>This page is not saved on this device. It will load when the connection comes back.</p>",
    names.length > 0 ? `<p>Saved on this device:</p><ul>${links}</ul>` : "",
    "</main></body></html>",
  ].join("");
}

function pageName(pathname: string): string {
  if (pathname === "/") return "Home";
  if (pathname === "/calendar") return "Calendar";
  const round = /^\/calendar\/([^/]+)/.exec(pathname);
  return round ? `Round: ${decodeURIComponent(round[1]!)}` : pathname;
}

function escapeHtml(text: string): string {
  return text.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
}
