/**
 * The one-line script the server writes into every page to hold Chromium's install event from the
 * start (install-prompt.ts reads what it holds). Its own module, apart from the offer's code: the
 * page's first scripts carry the two names, not the offer.
 */

/** Where the page script leaves the event. */
export const HELD_PROMPT_PROPERTY = "__ridgewayInstallPrompt";
/** Dispatched on `window` when the held event arrives or is used up. */
export const HELD_PROMPT_CHANGED_EVENT = "ridgeway:install-prompt";

/** The page script: holds the event from the start of the page (a function, so the browser's bundle leaves it out). */
export function holdInstallPromptScript(): string {
  return (
    `addEventListener("beforeinstallprompt",function(e){e.preventDefault();` +
    `window.${HELD_PROMPT_PROPERTY}=e;dispatchEvent(new Event(${JSON.stringify(HELD_PROMPT_CHANGED_EVENT)}))})`
  );
}
