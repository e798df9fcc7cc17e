/*
 * The two names spoiler-free mode's state goes by in the browser, apart from the rest of
 * spoiler-free.ts (which re-exports them): the page's head script is written by the root layout,
 * and what the root layout imports travels to every page (ADR 0084), so it must not bring the
 * time-zone code along.
 */

export const SPOILER_FREE_COOKIE = "spoiler_free";

/**
 * Dispatched on `window` whenever the mode changes while a page is open (on, off, a round revealed,
 * its end reached, or changed in another tab and found when this one is shown again), so other
 * parts of the page (the push subscription's copy of the mode) follow without a reload. It is a
 * `CustomEvent` whose `detail` is the cookie's value, or null once the mode is off: read it with
 * `parseSpoilerFree(detail, new Date())`. A change made by a form post that reloads the page
 * (before the page has hydrated, or without JavaScript) dispatches nothing: read the cookie on load.
 */
export const SPOILER_FREE_CHANGED_EVENT = "spoiler-free-changed";
