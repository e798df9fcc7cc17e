/**
 * Chromium's install dialog, held for the site's own offer (ADR 0140). Chromium hands the page a
 * `beforeinstallprompt` event once it finds the site installable, which can come before the
 * page's modules run (they start after its first paint, ADR 0091) and long before the offer's
 * script arrives. A one-line script the server writes into the page (`install-prompt-script.ts`) takes
 * it from the start: `preventDefault` keeps Android's own mini-infobar off a fan's first visit,
 * and the event waits on `window` for the offer, which calls `prompt()` when the fan taps Install.
 */

import { HELD_PROMPT_CHANGED_EVENT, HELD_PROMPT_PROPERTY } from "./install-prompt-script";

/** Chromium's BeforeInstallPromptEvent (not in TypeScript's DOM library). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

type WindowWithPrompt = Window & { [HELD_PROMPT_PROPERTY]?: InstallPromptEvent | null };

/** The held event, or null when Chromium gave none (another browser, or the site is installed). */
export function heldInstallPrompt(): InstallPromptEvent | null {
  return (window as WindowWithPrompt)[HELD_PROMPT_PROPERTY] ?? null;
}

/** Calls `listener` when the held event arrives or is used up; returns the way to stop. */
export function onInstallPromptChange(listener: () => void): () => void {
  addEventListener(HELD_PROMPT_CHANGED_EVENT, listener);
  return () => removeEventListener(HELD_PROMPT_CHANGED_EVENT, listener);
}

/** `prompt()` works once per event: forgets it (Chromium sends a new one if the site is still installable). */
export function releaseInstallPrompt(): void {
  (window as WindowWithPrompt)[HELD_PROMPT_PROPERTY] = null;
  dispatchEvent(new Event(HELD_PROMPT_CHANGED_EVENT));
}
