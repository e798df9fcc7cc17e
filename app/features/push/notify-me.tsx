import { useId, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { useAnnounce } from "~/components/status-announcer";
import { buttonClasses } from "~/components/ui/button";
import { cx } from "~/components/ui/cx";
import {
  askPermission,
  isIncluded,
  mergedChoices,
  pushStateChanged,
  pushStateSnapshot,
  pushSupport,
  readPushSnapshot,
  storedPush,
  subscribeToPushState,
  type PushRequest,
} from "./push-state";

/*
 * "Notify me" (issue 40), where a fan shows interest: a round, a driver, the race reports, the
 * shop. The browser asks for permission only after this tap, never on load. The server renders it
 * as a link to /notifications (which works without JavaScript); once the page is interactive the
 * same box is a button, or says "Notifications on" when the fan hears about this already. Its size
 * never changes, so nothing around it moves while scripts arrive. Where this browser cannot be
 * pushed to, the tap says why and what to do (add the site to the Home Screen, allow
 * notifications) instead of doing nothing.
 */

/** The page where fans choose what they hear, with this control's choice ticked. */
export function notificationsHref(request: PushRequest): string {
  const query = new URLSearchParams({ kinds: request.kinds.join(",") });
  if (request.driverId) query.set("driver", request.driverId);
  return `/notifications?${query}`;
}

const ADD_TO_HOME_SCREEN =
  "On iPhone and iPad, notifications come from the site on your Home Screen: tap Share, then Add to Home Screen, open Ridgeway Racing from there and tap Notify me again.";
const BLOCKED =
  "Notifications are blocked for this site. Allow them in your browser's site settings (the icon beside the address), then tap Notify me again.";
const UNSUPPORTED = "This browser cannot show notifications from websites. A current Chrome, Edge, Firefox or Safari can.";

type Message = { tone: "info" | "success" | "problem"; text: string };

function BellIcon({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-4 shrink-0"
      fill={on ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path strokeLinecap="round" strokeLinejoin="round" d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/**
 * `about` completes "Notify me about …" for screen readers and the confirmation; `caption`, when
 * given, says beside the button what it is for.
 */
export function NotifyMe({
  request,
  about,
  caption,
  className,
}: {
  request: PushRequest;
  about: string;
  caption?: string;
  className?: string;
}) {
  // Nothing in the server's HTML (and while it hydrates): then this browser's own state.
  const snapshot = useSyncExternalStore(subscribeToPushState, pushStateSnapshot, () => null);
  const [message, showMessage] = useState<Message | null>(null);
  // Shown under the button, and said in the site's one live region (ADR 0087).
  const announce = useAnnounce();
  const setMessage = (next: Message) => {
    showMessage(next);
    announce(next.text);
  };
  const [busy, setBusy] = useState(false);
  const statusId = useId();
  const state = snapshot === null ? null : readPushSnapshot(snapshot);

  const href = notificationsHref(request);
  const box = cx(buttonClasses("secondary", "sm"), "min-w-48");
  const included = state ? isIncluded(state.stored, request) : false;

  async function tap() {
    const support = pushSupport();
    if (support !== "ready") {
      setMessage({
        tone: "problem",
        text: support === "add-to-home-screen" ? ADD_TO_HOME_SCREEN : support === "denied" ? BLOCKED : UNSUPPORTED,
      });
      return;
    }
    // First, while the tap still counts as the fan's: Safari asks for permission only then.
    const asked = askPermission();
    setBusy(true);
    setMessage({ tone: "info", text: "Asking your browser…" });
    try {
      const client = await import("./push-client");
      const result = await client.turnOn(mergedChoices(storedPush(), request), asked);
      if (result.ok) {
        setMessage({ tone: "success", text: `Done: we'll tell you about ${about}.` });
      } else if (result.reason === "denied") {
        pushStateChanged();
        setMessage({ tone: "problem", text: BLOCKED });
      } else if (result.reason === "dismissed") {
        setMessage({ tone: "info", text: "No notifications then. Tap again whenever you like." });
      } else {
        setMessage({
          tone: "problem",
          text: `Notifications could not be turned on just now${result.message ? ` (${result.message})` : ""}. Please try again.`,
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const content = (
    <>
      <BellIcon on={included} />
      {included ? "Notifications on" : "Notify me"}
    </>
  );
  return (
    <div className={cx("flex flex-col items-start gap-2", className)} data-notify-me>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {state && !included ? (
          <button
            type="button"
            className={box}
            onClick={tap}
            disabled={busy}
            aria-describedby={statusId}
            aria-label={`Notify me about ${about}`}
          >
            {content}
          </button>
        ) : (
          <Link
            to={href}
            className={box}
            aria-label={included ? `Notifications on for ${about}: choose what you hear` : `Notify me about ${about}`}
          >
            {content}
          </Link>
        )}
        {caption && <span className="text-sm text-muted">{caption}</span>}
      </div>
      <p id={statusId} className={cx("max-w-prose text-sm empty:hidden", message?.tone === "problem" ? "text-warning" : "text-muted")}>
        {message?.text}
        {message?.tone === "success" && (
          <>
            {" "}
            <Link to="/notifications" className="font-semibold text-accent-text underline">
              Choose what you hear
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
