import type { FormEvent, ReactNode } from "react";
import { useLocation } from "react-router";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "~/components/ui/button";
import { useAnnounce } from "~/components/status-announcer";
import type { SpoilerFreeChange } from "~/lib/spoiler-free";
import { SPOILER_CONTENT_CLASS, SPOILER_FREE_APPLY, SPOILER_GUARD_CLASS } from "./head-script";
import { SPOILER_FREE_FIELDS, SPOILER_FREE_FOCUS, SPOILER_FREE_PATH, SPOILER_FREE_SCOPE, type SpoilerRound } from "./spoiler-guard";

/*
 * The forms that change spoiler-free mode (ADR 0142): each one posts to /spoiler-free and works
 * before the page's scripts have arrived; once hydrated it is sent in the background.
 */

interface SpoilerFreeFormProps {
  change: SpoilerFreeChange;
  /** The button's words. */
  children: ReactNode;
  /** The button's name when its words need their context ("Reveal Round 4, Thruxton"). */
  buttonLabel?: string;
  /** What the status region says once the change is made. */
  announcement: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Called once the change is made on the page (the mode's own page reloads its data). */
  onChanged?: () => void;
}

/**
 * One change of the mode as a form (ADR 0142): posted to /spoiler-free, which sets the cookie and
 * sends the browser back here. Once the page has hydrated it is sent in the background instead,
 * and the page's head script shows the page as the new cookie says, without a reload.
 */
export function SpoilerFreeForm({
  change,
  children,
  buttonLabel,
  announcement,
  variant = "secondary",
  size = "sm",
  className,
  onChanged,
}: SpoilerFreeFormProps) {
  const location = useLocation();
  const announce = useAnnounce();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const apply = (window as unknown as Record<string, unknown>)[SPOILER_FREE_APPLY];
    // Without the head script (it failed, or an old page), the browser posts the form itself.
    if (typeof apply !== "function") return;
    event.preventDefault();
    const form = event.currentTarget;
    void sendInBackground(form).then((sent) => {
      if (!sent) {
        // The server had something to say (a refusal) or could not be reached: let the browser show it.
        HTMLFormElement.prototype.submit.call(form);
        return;
      }
      (apply as () => void)();
      focusWithinScope(form);
      announce(announcement);
      onChanged?.();
    });
  };
  return (
    <form method="post" action={SPOILER_FREE_PATH} className={className} onSubmit={submit}>
      <input type="hidden" name={SPOILER_FREE_FIELDS.intent} value={change.intent} />
      {change.intent === "reveal" && <input type="hidden" name={SPOILER_FREE_FIELDS.roundId} value={change.roundId} />}
      <input type="hidden" name={SPOILER_FREE_FIELDS.returnTo} value={`${location.pathname}${location.search}`} />
      <button type="submit" aria-label={buttonLabel} className={buttonClasses(variant, size)}>
        {children}
      </button>
    </form>
  );
}

/** Posts the form; true once the server has answered with its redirect back (the cookie is set). */
async function sendInBackground(form: HTMLFormElement): Promise<boolean> {
  try {
    const body = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    const response = await fetch(form.action, { method: "POST", body, redirect: "manual", credentials: "same-origin" });
    return response.type === "opaqueredirect";
  } catch {
    return false;
  }
}

/** A guard is a scope too, its result the place to focus: marked by their classes, every page carries fewer bytes. */
const SCOPES = `[${SPOILER_FREE_SCOPE}], .${SPOILER_GUARD_CLASS}`;
const FOCUS_TARGETS = `[${SPOILER_FREE_FOCUS}], .${SPOILER_GUARD_CLASS} > .${SPOILER_CONTENT_CLASS}`;

function focusWithinScope(form: HTMLFormElement) {
  const scope = form.closest(SCOPES);
  if (!scope || (document.activeElement && document.activeElement !== document.body && !form.contains(document.activeElement))) return;
  for (const target of scope.querySelectorAll<HTMLElement>(FOCUS_TARGETS)) {
    if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
}

/** A round's reveal control: "Reveal Round 4". */
export function RevealRoundForm({ round, className, onChanged }: { round: SpoilerRound; className?: string; onChanged?: () => void }) {
  return (
    <SpoilerFreeForm
      change={{ intent: "reveal", roundId: round.id }}
      buttonLabel={`Reveal Round ${round.roundNumber}, ${round.name}`}
      announcement={`Round ${round.roundNumber} revealed.`}
      className={className}
      onChanged={onChanged}
    >
      {`Reveal Round ${round.roundNumber}`}
    </SpoilerFreeForm>
  );
}
