import { isAppleTouchDevice } from "./installed-app";

/**
 * When the site offers to be installed (ADR 0140): not on a fan's first visit, but when they come
 * back within a fortnight of their last, on a page a fan reads (not the shop's checkout, an
 * account or the back office), never in the installed app, and not again for half a year once
 * they closed the offer. Pure: the clock, the browser's storage and its facts are passed in.
 *
 * What the browser keeps, in localStorage under `INSTALL_HINT_KEY` (the cookie policy lists it):
 * when the last page was seen, whether this visit is a return, and when the offer was closed or
 * the site installed. Times only, nothing about the fan, never sent to us.
 */

export const INSTALL_HINT_KEY = "ridgeway-install-hint";

/** Page views less than this apart are one visit. */
export const VISIT_GAP_MS = 30 * 60 * 1000;
/** A visit this soon after the last page seen is a fan coming back. */
export const RETURN_WITHIN_MS = 14 * 24 * 60 * 60 * 1000;
/** A closed offer is not made again for this long (nor once the site is installed). */
export const CLOSED_FOR_MS = 180 * 24 * 60 * 60 * 1000;

export interface InstallHintState {
  /** When the latest page was seen (epoch ms). */
  lastSeenAt: number;
  /** Whether this visit began at most a fortnight after the visit before it ended. */
  returning: boolean;
  /** When the fan closed the offer, or installed the site; null while they have not. */
  closedAt: number | null;
}

const isTime = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/**
 * The state as stored, or null when there is none or it is not ours (then the fan is treated as
 * on a first visit). Checked by hand: Zod would add its weight to every page's late script.
 */
export function parseInstallHintState(raw: string | null): InstallHintState | null {
  if (raw === null || raw.length > 200) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { lastSeenAt, returning, closedAt } = value as Record<string, unknown>;
  if (!isTime(lastSeenAt) || typeof returning !== "boolean" || !(closedAt === null || isTime(closedAt))) return null;
  return { lastSeenAt, returning, closedAt };
}

/** The state after a page view at `now`: the same visit, or a new one when the last page was seen long enough ago. */
export function notePageView(state: InstallHintState | null, now: number): InstallHintState {
  if (state === null) return { lastSeenAt: now, returning: false, closedAt: null };
  // A clock put back (or a state from the future) starts afresh rather than counting a return.
  if (now < state.lastSeenAt) return { ...state, lastSeenAt: now, returning: false };
  const away = now - state.lastSeenAt;
  if (away < VISIT_GAP_MS) return { ...state, lastSeenAt: now };
  return { ...state, lastSeenAt: now, returning: away <= RETURN_WITHIN_MS };
}

/** The state once the fan closed the offer, or installed the site. */
export function closeOffer(state: InstallHintState, now: number): InstallHintState {
  return { ...state, closedAt: now };
}

/** Whether the fan closed the offer (or installed the site) recently enough that it stays closed. */
export function isOfferClosed(state: InstallHintState, now: number): boolean {
  return state.closedAt !== null && now >= state.closedAt && now - state.closedAt < CLOSED_FOR_MS;
}

/**
 * The pages a fan reads, where the offer may show: home, the calendar and rounds, news and race
 * reports, the team, Female Side, the gallery, the podcast and the partners. An allow-list: the
 * shop, the cart and checkout, sign-in, the dashboard and the back office are someone busy with
 * something else.
 */
const FAN_PAGES =
  /^\/(?:|calendar(?:\/[^/]+)?|news(?:\/[^/]+)?|race-reports\/[^/]+|team(?:\/[^/]+)?|female-side|gallery|podcast|partners)\/?$/;

export function isFanPage(pathname: string): boolean {
  return FAN_PAGES.test(pathname);
}

/**
 * How this browser installs a site:
 * - `prompt`: Chromium's own dialog, through the `beforeinstallprompt` event it gave the page;
 * - `share-sheet`: an iPhone or iPad, where Safari (and, from iOS 16.4, the other browsers, all
 *   WebKit underneath) add a site to the Home Screen from the Share sheet, and no event says so;
 * - `none`: nothing the site can point to (Firefox on a computer, an app's built-in browser).
 */
export type InstallRoute = "prompt" | "share-sheet" | "none";

export interface BrowserFacts {
  userAgent: string;
  /** `navigator.maxTouchPoints`: an iPad asks for the desktop site and says it is a Mac. */
  maxTouchPoints: number;
  /** Whether Chromium handed the page its `beforeinstallprompt` event. */
  hasInstallPrompt: boolean;
}

/** Apps' own browsers (Instagram, Facebook, TikTok and the like) cannot add a site to the Home Screen. */
const IN_APP_BROWSER = /\b(?:FBAN|FBAV|Instagram|Line|TikTok|musical_ly|Snapchat|Twitter|LinkedInApp|GSA)\b/;

export function installRoute(facts: BrowserFacts): InstallRoute {
  if (facts.hasInstallPrompt) return "prompt";
  if (isAppleTouchDevice(facts.userAgent, facts.maxTouchPoints) && !IN_APP_BROWSER.test(facts.userAgent)) return "share-sheet";
  return "none";
}

export interface OfferFacts {
  state: InstallHintState;
  now: number;
  pathname: string;
  /** In the installed app (`display-mode: standalone`, or iOS's `navigator.standalone`). */
  standalone: boolean;
  /** A copy the service worker served offline (ADR 0135): its label has the foot of the screen. */
  offlineCopy: boolean;
  route: InstallRoute;
}

/** Whether the install offer shows now. */
export function shouldOfferInstall(facts: OfferFacts): boolean {
  if (facts.route === "none" || facts.standalone || facts.offlineCopy) return false;
  return isFanPage(facts.pathname) && facts.state.returning && !isOfferClosed(facts.state, facts.now);
}
