/**
 * Paint first, hydrate after (ADR 0091).
 *
 * React Router's `<Scripts>` puts a `<link rel="modulepreload">` in the head for every module the
 * page hydrates with, and an inline module script that imports them. A browser fetches all of
 * that at once, beside the stylesheet and the largest image, so on a slow link the page's
 * JavaScript (about 125 kB on `/`) shares the first paint's bandwidth. This rewrite of the page's
 * shell moves all of it behind the first paint: the preloads leave the head, the module script
 * becomes an inert block of the same text, and a small script starts both once the browser has
 * painted, preloads first so the modules still arrive in parallel.
 */

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]*)"/;
/** React Router's route-modules script: the one inline module script, ending in the entry's import. */
const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>([\s\S]*?)<\/script>/;
/**
 * `<html data-hydration>`: "pending" from the moment the starter runs, "done" once React has
 * hydrated the page (the root layout's first effect) and every part it hydrates later (ADR 0093).
 * Tests wait for it before they tap.
 */
export const HYDRATION_PENDING_SELECTOR = 'html[data-hydration="pending"]';

/** The type that keeps the module script's text in the page without running it. */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/** The shell the rewrite needs ends with the route-modules script's closing tag. */
export const SHELL_MARKERS = { start: 'type="module"', end: "</script>" } as const;

/** A part of the page that hydrates after the rest, once its own script has arrived (ADR 0093). */
export type LatePart = { hydrated: boolean };

const lateParts = new Set<LatePart>();
let layoutHydrated = false;

function markIfDone(): void {
  if (!layoutHydrated || lateParts.size > 0) return;
  document.documentElement.dataset.hydration = "done";
  replayEarlyTaps();
}

/**
 * Early taps (issue 36): a button that only JavaScript makes work (`type="button"`: the menu
 * button, say) does nothing when it is tapped before React has listened to the page, and on a
 * slow phone that is the first few seconds after paint. The starter script (below) notes each
 * such button tapped in that time, once, in `window[EARLY_TAPS]`; React listens from the moment
 * `hydrateRoot` runs (which stops the noting, `stopNotingEarlyTaps`), and once the page has
 * hydrated each noted button still on the page is clicked, in the order tapped. Links and
 * submit buttons are not noted: the browser already follows them without JavaScript.
 */
export const EARLY_TAPS = "__earlyTaps";

type EarlyTaps = HTMLElement[] & { stopped?: boolean };

function earlyTaps(): EarlyTaps | undefined {
  return (globalThis as unknown as Record<string, EarlyTaps | undefined>)[EARLY_TAPS];
}

/** Called just before `hydrateRoot`: from then on React itself answers (or replays) every tap. */
export function stopNotingEarlyTaps(): void {
  const taps = earlyTaps();
  if (taps) taps.stopped = true;
}

function replayEarlyTaps(): void {
  const taps = earlyTaps();
  if (!taps) return;
  for (const button of taps.splice(0)) {
    if (button.isConnected && !(button as HTMLButtonElement).disabled) button.click();
  }
}

/** Called by the root layout's first effect: the page's controls answer from now on. */
export function markHydrated(): void {
  layoutHydrated = true;
  markIfDone();
}

/** A late part has mounted: the page is not done until it hydrates (or leaves). Returns the cleanup. */
export function waitForLatePart(part: LatePart): () => void {
  if (!part.hydrated) lateParts.add(part);
  return () => {
    if (lateParts.delete(part)) markIfDone();
  };
}

/** A late part's content has hydrated. */
export function markLatePartHydrated(part: LatePart): void {
  part.hydrated = true;
  if (lateParts.delete(part)) markIfDone();
}

/**
 * The shell with its module loading moved behind the first paint; unchanged when it has no
 * route-modules script (or already has a src'd one). `nonce` is the per-request script nonce, or
 * empty; a page shared from the cache drops it later and is allowed by script hashes instead.
 */
export function paintFirst(html: string, nonce: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script || /\bsrc=/.test(script[1]! + script[2]!)) return html;
  const hrefs: string[] = [];
  const withoutPreloads = html.replace(MODULE_PRELOAD, (tag) => {
    const found = HREF.exec(tag)?.[1];
    const href = found && decodeAttribute(found);
    if (href && !hrefs.includes(href)) hrefs.push(href);
    return "";
  });
  // The preloads are outside the module script, so it is the one found above.
  const [, before, after, text] = script;
  const attributes = `${before}${after}`.replace(/\s*\basync(="")?/, "").replace(/\s+$/, "");
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : "";
  const inert = `<script${attributes} type="${DEFERRED_MODULE_TYPE}">${text}</script>`;
  const starter = `<script${nonceAttribute}>${starterScript(hrefs)}</script>`;
  return withoutPreloads.replace(MODULE_SCRIPT, () => inert + starter);
}

/** The modules a rewritten page starts after its first paint, in order (what it module-preloads). */
export function modulesStartedAfterPaint(html: string): string[] {
  const list = /for\(const h of (\[[^\]]*\])\)/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/** `&amp;` and friends back to characters, for an href read out of the HTML. */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39);/g, (_, name: string) => ({ amp: "&", quot: '"', lt: "<", gt: ">", "#39": "'" })[name]!);
}

/**
 * Notes early taps (see EARLY_TAPS). Once the browser reports its first contentful paint (or at
 * once where it cannot): preload every module, then run the deferred module script (as a module
 * script, with its nonce) in its place.
 * Paint timing, unlike animation frames and timers, runs in a tab opened in the background once
 * it is shown, and is not stopped by a test's paused clock.
 */
function starterScript(hrefs: readonly string[]): string {
  const list = JSON.stringify(hrefs).replace(/</g, "\\u003c");
  return (
    `(()=>{document.documentElement.dataset.hydration="pending";const taps=window.${EARLY_TAPS}=[];` +
    `addEventListener("click",(e)=>{const b=!taps.stopped&&e.target instanceof Element&&e.target.closest('button[type="button"]');if(b&&!b.disabled&&!taps.includes(b))taps.push(b)},true);` +
    `let started=false;const start=()=>{if(started)return;started=true;` +
    `for(const h of ${list}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}` +
    `const d=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');if(!d)return;` +
    `const s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;d.replaceWith(s)};` +
    `try{new PerformanceObserver((list,observer)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}})` +
    `.observe({type:"paint",buffered:true})}catch{start()}})()`
  );
}
