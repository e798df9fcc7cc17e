import type { ReactNode } from "react";
import { Link } from "react-router";
import { hydrateLater } from "~/components/hydrate-later";
import { cx } from "~/components/ui/cx";
import { SPOILER_CONTENT_CLASS, SPOILER_COVER_CLASS, SPOILER_GUARD_CLASS, SPOILER_ROUND_ATTRIBUTE } from "./head-script";

/*
 * The guard a result sits in (ADR 0142), on every page with a result. The forms that change the
 * mode are in ./spoiler-free-forms: a cover's "Reveal" is a plain form in the server's HTML, so
 * its script comes after the page's first (ADR 0093).
 */

const RevealRoundForm = hydrateLater(() => import("./spoiler-free-forms").then((m) => m.RevealRoundForm));

/** The mode's own page, which every control of the mode posts to (ADR 0142). */
export const SPOILER_FREE_PATH = "/spoiler-free";

/** The fields of a change: what to do, the round to reveal, and the page to go back to. */
export const SPOILER_FREE_FIELDS = { intent: "intent", roundId: "roundId", returnTo: "returnTo" } as const;

/** A round as the mode's controls name it: "Reveal Round 4" (Thruxton). */
export interface SpoilerRound {
  id: string;
  roundNumber: number;
  name: string;
}

/**
 * Where focus goes after a change: the first element marked `data-spoiler-free-focus` that can
 * take it, inside the closest `data-spoiler-free-scope` (the control's own state has just been
 * hidden, so its button no longer can).
 */
export const SPOILER_FREE_SCOPE = "data-spoiler-free-scope";
export const SPOILER_FREE_FOCUS = "data-spoiler-free-focus";

interface SpoilerGuardProps {
  /** The rounds the result comes from: hidden while any of them is (a season's points count them all). */
  rounds: readonly SpoilerRound[];
  /** What is hidden, for the cover's "… hidden": "Results", "Ticker", "Race report". */
  what: string;
  children: ReactNode;
  /**
   * The cover offers "Reveal Round N" (a form) when the result is one round's; false where a form
   * cannot go (inside another form), and the cover links to the mode's page instead.
   */
  reveal?: boolean;
  className?: string;
}

/**
 * A result marked with its rounds (ADR 0142). The page is the same for everyone; for a fan in
 * spoiler-free mode the head script's rule hides the result (it keeps its space) and shows the
 * cover over it, before the first paint and for anything rendered later. Nothing here reads the
 * mode, so nothing changes when the page hydrates.
 */
export function SpoilerGuard({ rounds, what, children, reveal = true, className }: SpoilerGuardProps) {
  const single = rounds.length === 1 ? rounds[0]! : null;
  const cover = (
    <div className="flex h-full flex-wrap content-start items-center justify-between gap-x-4 gap-y-3 rounded-card border border-dashed border-muted/60 bg-surface p-4">
      <p className="text-sm">
        <span className="block font-semibold">{`${what} hidden`}</span>
        <span className="text-muted">
          {single
            ? `Spoiler-free mode is on: Round ${single.roundNumber}, ${single.name}, is hidden.`
            : "Spoiler-free mode is on, and this counts rounds you have not revealed."}
        </span>
      </p>
      {single && reveal ? (
        <RevealRoundForm round={single} />
      ) : (
        <Link to={SPOILER_FREE_PATH} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-text underline">
          Spoiler-free settings
        </Link>
      )}
    </div>
  );
  return (
    <GuardFrame rounds={rounds} cover={cover} className={className}>
      {children}
    </GuardFrame>
  );
}

/**
 * The guard's markup: the markers, the content and, over it in the same grid cell, the cover.
 * The content is where focus goes once the round is revealed from its cover.
 */
export function GuardFrame({
  rounds,
  cover,
  children,
  className,
}: {
  rounds: readonly SpoilerRound[];
  cover: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx(SPOILER_GUARD_CLASS, className)}>
      <RoundMarkers roundIds={rounds.map((round) => round.id)} />
      <div className={SPOILER_CONTENT_CLASS}>{children}</div>
      <div className={SPOILER_COVER_CLASS}>{cover}</div>
    </div>
  );
}

/**
 * A short result inside a line or a control ("42 pts" on a driver's card): the same guard as
 * phrasing content, its cover a word.
 */
export function InlineSpoilerGuard({
  roundIds,
  cover,
  children,
  className,
}: {
  roundIds: readonly string[];
  /** What shows instead: a word ("Hidden"), or nothing for a marker that only adds to a result. */
  cover: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span className={cx(SPOILER_GUARD_CLASS, className)}>
      <RoundMarkers roundIds={roundIds} />
      <span className={SPOILER_CONTENT_CLASS}>{children}</span>
      {/* The word is drawn by CSS from the attribute (site.css): the line's text stays the result's alone (a heading's, a cell's). */}
      <span className={cx(SPOILER_COVER_CLASS, "text-muted")} data-cover={cover} />
    </span>
  );
}

/** One empty marker per round, which the head script's rule reads. */
function RoundMarkers({ roundIds }: { roundIds: readonly string[] }) {
  return roundIds.map((id) => <span key={id} hidden {...{ [SPOILER_ROUND_ATTRIBUTE]: id }} />);
}
