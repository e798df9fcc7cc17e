import { useEffect, useId, useRef, useState, useSyncExternalStore, type SVGProps } from "react";
import { useLocation } from "react-router";
import { brand } from "~/brand";
import { ChequeredFlagIcon } from "~/components/icons";
import { buttonClasses } from "~/components/ui/button";
import { OFFLINE_COPY_ATTRIBUTE } from "~/features/offline/offline-copy";
import {
  closeOffer,
  INSTALL_HINT_KEY,
  installRoute,
  notePageView,
  parseInstallHintState,
  shouldOfferInstall,
  type InstallHintState,
} from "./install-moment";
import { heldInstallPrompt, onInstallPromptChange, releaseInstallPrompt } from "./install-prompt";
import { isInstalledApp } from "./installed-app";

/*
 * The install offer (ADR 0140), loaded once the page is idle: notes each page view, and on a fan's
 * return visit shows a bar at the foot of the screen. Chromium: Install opens the browser's own
 * dialog. iPhone and iPad: how to add the site from the Share sheet. Closing it, or installing,
 * keeps it away for half a year. The bar never takes focus; Tab reaches it after the page's own
 * controls, and Escape in it closes it.
 */

function storedState(): InstallHintState | null {
  try {
    return parseInstallHintState(localStorage.getItem(INSTALL_HINT_KEY));
  } catch {
    return null;
  }
}

/**
 * The stored state as the page last wrote it, and when: page views and closing the offer write
 * it, the offer reads it (an external store, so a write re-renders the offer).
 */
interface Written {
  state: InstallHintState;
  at: number;
}
let written: Written | null = null;
const readers = new Set<() => void>();

function write(state: InstallHintState, at: number): void {
  try {
    localStorage.setItem(INSTALL_HINT_KEY, JSON.stringify(state));
  } catch {
    // Storage refused (full, or blocked): every visit looks like a first one, so no offer.
  }
  written = { state, at };
  for (const reader of readers) reader();
}

function subscribe(reader: () => void): () => void {
  readers.add(reader);
  return () => void readers.delete(reader);
}

function notePage(): void {
  const now = Date.now();
  write(notePageView(storedState(), now), now);
}

function closeTheOffer(): void {
  const now = Date.now();
  write(closeOffer(storedState() ?? notePageView(null, now), now), now);
}

export default function InstallHint() {
  const { key, pathname } = useLocation();
  const view = useSyncExternalStore(
    subscribe,
    () => written,
    () => null,
  );
  const [prompt, setPrompt] = useState(heldInstallPrompt);

  // Every page, a client-side navigation included, is a page view of the visit.
  useEffect(notePage, [key]);

  useEffect(() => onInstallPromptChange(() => setPrompt(heldInstallPrompt())), []);
  useEffect(() => {
    addEventListener("appinstalled", closeTheOffer);
    return () => removeEventListener("appinstalled", closeTheOffer);
  }, []);

  if (view === null) return null;
  const route = installRoute({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    hasInstallPrompt: prompt !== null,
  });
  const offer = shouldOfferInstall({
    state: view.state,
    now: view.at,
    pathname,
    standalone: isInstalledApp(),
    offlineCopy: document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE),
    route,
  });
  if (!offer || route === "none") return null;

  const install = () => {
    if (!prompt) return;
    // The fan has answered the offer; Chromium's dialog takes it from here (installing, or not).
    // The event's prompt() works once, and only within the tap.
    releaseInstallPrompt();
    closeTheOffer();
    prompt.prompt().catch(() => undefined);
  };
  return <InstallBar route={route} onInstall={install} onClose={closeTheOffer} />;
}

function InstallBar({ route, onInstall, onClose }: { route: "prompt" | "share-sheet"; onInstall: () => void; onClose: () => void }) {
  const titleId = useId();
  const bar = useRef<HTMLElement>(null);
  useReservedFoot(bar);
  return (
    <section
      ref={bar}
      aria-labelledby={titleId}
      data-install-hint={route}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface-raised pb-[env(safe-area-inset-bottom)] shadow-[0_-8px_24px_rgb(0_0_0/0.45)] print:hidden"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 sm:flex-nowrap sm:px-6">
        <ChequeredFlagIcon className="size-10 shrink-0" />
        <div className="min-w-0 flex-1 basis-52 text-sm">
          {route === "prompt" ? (
            <>
              <p id={titleId} className="font-semibold text-text">
                Install {brand.name}
              </p>
              <p className="text-muted">Race weekends, results and news in one tap, and readable on one bar at the circuit.</p>
            </>
          ) : (
            <>
              <p id={titleId} className="font-semibold text-text">
                Add {brand.name} to your Home Screen
              </p>
              <p className="text-muted">
                Tap Share
                <ShareIcon className="ml-1 inline size-4 align-text-bottom" />, then{" "}
                <strong className="text-text">Add to Home Screen</strong>. Race weekends open in one tap, and race notifications work from
                there.
              </p>
            </>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2 max-sm:w-full max-sm:justify-end">
          {route === "prompt" ? (
            <>
              <button type="button" className={buttonClasses("ghost", "md")} onClick={onClose}>
                Not now
              </button>
              <button type="button" className={buttonClasses("primary", "md")} onClick={onInstall}>
                Install
              </button>
            </>
          ) : (
            <button type="button" className={buttonClasses("secondary", "md")} onClick={onClose}>
              Got it
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * While the bar shows, the page gets room for it below its end (padding on <html>, which moves
 * nothing already drawn), and scrolling to a focused control keeps it clear of the bar.
 */
function useReservedFoot(bar: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const reserve = () => {
      const height = `${element.offsetHeight}px`;
      root.style.paddingBottom = height;
      root.style.scrollPaddingBottom = height;
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.paddingBottom = "";
      root.style.scrollPaddingBottom = "";
    };
  }, [bar]);
}

/** iOS's Share symbol: a box with an arrow out of its top. */
function ShareIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="M12 3v12M8 7l4-4 4 4M7 11H5v10h14V11h-2" />
    </svg>
  );
}
